import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EPISODE_SPEND_TYPES } from '@hondana/domain/admin/admin-serials-api';
import { adminCopy } from '../../../i18n/ja-admin';
import {
  type AdminEpisode,
  type AdminSerial,
  adminChange,
  adminGet,
  episodeFileError,
  serialImageError,
  uploadEpisodePages,
  uploadSerialImage,
} from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange, useChangeForm } from './use-change';
import { unchanged, useFormChanges } from './use-form-changes';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';
import extra from './console-media.module.css';

const LAYOUTS = [0, 1] as const;
type Volume = AdminSerial['volumes'][number];

function episodeFields(f: FormData) {
  const text = (k: string) => String(f.get(k) ?? '');
  const num = (k: string) => (text(k) === '' ? Number.NaN : Number(text(k)));
  return {
    title: text('title'),
    spendType: num('spendType'),
    price: num('price'),
    releaseAt: text('releaseAt'),
    endAt: text('endAt') === '' ? null : text('endAt'),
    layoutType: num('layoutType'),
    bookId: text('bookId') === '' ? null : Number(text('bookId')),
  };
}

/** The serial's ticket and rental settings as the API takes them. */
function settingsFields(f: FormData) {
  const num = (k: string) => (String(f.get(k) ?? '') === '' ? Number.NaN : Number(f.get(k)));
  return {
    chargeMinutes: num('chargeMinutes'),
    rentalMinutes: num('rentalMinutes'),
    orderOnly: f.get('orderOnly') === 'on',
    ticketUsable: f.get('ticketUsable') === 'on',
  };
}

/**
 * The fields of an episode: name, spend type, price in coins, release and end (Asia/Tokyo), how it
 * reads (pages or a webtoon strip; a new one as the last episode does) and the volume collecting it.
 */
function EpisodeFields({
  episode,
  prefix,
  volumes,
  layout,
}: {
  episode?: AdminEpisode;
  prefix: string;
  volumes: Volume[];
  layout: number;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <>
      <label className={styles.field} htmlFor={id('title')}>
        {adminCopy('serials.title')}
        <input id={id('title')} name="title" defaultValue={episode?.title} required />
      </label>
      <label className={styles.field} htmlFor={id('spend')}>
        {adminCopy('serials.spendType')}
        <select id={id('spend')} name="spendType" defaultValue={episode?.spendType ?? 1}>
          {EPISODE_SPEND_TYPES.map((t) => (
            <option key={t} value={t}>
              {adminCopy(`serials.spendTypes.${t}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={id('price')}>
        {adminCopy('serials.price')}
        <input id={id('price')} name="price" type="number" min={0} step={1} defaultValue={episode?.price ?? 0} />
      </label>
      <label className={styles.field} htmlFor={id('release')}>
        {adminCopy('serials.releaseAt')}
        <input id={id('release')} name="releaseAt" type="datetime-local" defaultValue={episode?.releaseAt} required />
      </label>
      <label className={styles.field} htmlFor={id('end')}>
        {adminCopy('serials.endAt')}
        <input id={id('end')} name="endAt" type="datetime-local" defaultValue={episode?.endAt ?? ''} />
      </label>
      <label className={styles.field} htmlFor={id('layout')}>
        {adminCopy('serials.layoutType')}
        <select id={id('layout')} name="layoutType" defaultValue={episode?.layoutType ?? layout}>
          {LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {adminCopy(`serials.layoutTypes.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={id('book')}>
        {adminCopy('serials.bookId')}
        <select id={id('book')} name="bookId" defaultValue={episode?.bookId ?? ''}>
          <option value="">{adminCopy('serials.noBook')}</option>
          {volumes.map((v) => (
            <option key={v.id} value={v.id}>
              {adminCopy('serials.volume', { vol: v.vol, name: v.name })}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The volume an episode is collected in, as the table shows it (第2巻), or nothing. */
function volumeLabel(volumes: Volume[], bookId: number | null): string {
  const volume = volumes.find((v) => v.id === bookId);
  return volume ? adminCopy('serials.volumeShort', { vol: volume.vol }) : '';
}

/** One episode's form; a save sends only what changed. */
function EpisodeEditor({ episode, volumes, onSaved }: { episode: AdminEpisode; volumes: Volume[]; onSaved: () => Promise<unknown> }) {
  const change = useChange();
  const { formRef, changes } = useFormChanges();
  const { ref: changeFormRef, errorId: changeErrorId } = useChangeForm(change, formRef);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changed = changes(e.currentTarget, episodeFields);
    if (unchanged(changed)) return change.say(adminCopy('common.unchanged'));
    if (
      await change.run(
        () => adminChange<AdminEpisode>('PUT', `/episodes/${episode.id}`, { version: episode.version, ...changed }),
        () => adminCopy('common.saved'),
      )
    )
      await onSaved();
  }
  const label = adminCopy('serials.edit', { sequence: episode.orderSequence });
  return (
    <div className={extra.episode}>
      <h3>{label}</h3>
      <form key={episode.version} ref={changeFormRef} className={styles.form} onSubmit={save} aria-label={label}>
        <EpisodeFields episode={episode} prefix={`episode-${episode.id}`} volumes={volumes} layout={episode.layoutType} />
        <div className={`${styles.actions} ${styles.wide}`}>
          <button className={styles.button} type="submit" disabled={change.busy}>
            {adminCopy('common.save')}
          </button>
        </div>
      </form>
      <ChangeStatus notice={change.notice} error={change.error} errorId={changeErrorId} />
    </div>
  );
}

/** An episode's pages from a CBZ or ZIP of images, with the upload's progress; the store serves them instead of drawn art. */
function EpisodePagesUpload({ episode, onSaved }: { episode: AdminEpisode; onSaved: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The panel opens below the table: brought into view, as the row's button is far from it. A block
  // body: a browser whose scrollIntoView answers a promise must not hand React a non-function cleanup.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (form.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) return;
    setBusy(true);
    setNotice(null);
    setError(null);
    setProgress(0);
    try {
      const after = await uploadEpisodePages(episode.id, episode.version, file, setProgress);
      setNotice(adminCopy('serials.pages.done', { sequence: after.orderSequence, pages: after.pageCount }));
      form.reset();
      await onSaved();
    } catch (failure) {
      setError(episodeFileError(failure));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }
  const label = adminCopy('serials.pages.heading', { sequence: episode.orderSequence });
  return (
    <div className={extra.episode} ref={panel}>
      <h3>{label}</h3>
      <p>{adminCopy('serials.pages.lead')}</p>
      <form className={styles.actions} onSubmit={upload} aria-label={label}>
        <label className={styles.field}>
          {adminCopy('serials.pages.file')}
          <input name="file" type="file" accept=".cbz,.zip,application/zip,application/vnd.comicbook+zip" required />
        </label>
        <button className={styles.button} type="submit" disabled={busy}>
          {adminCopy('serials.pages.start')}
        </button>
        {progress !== null && (
          <>
            <progress className={styles.progress} max={100} value={progress} />
            <span>{adminCopy('serials.pages.uploading', { percent: progress })}</span>
          </>
        )}
      </form>
      <ChangeStatus notice={notice} error={error} />
    </div>
  );
}

/** The serial's key visual (§9 522×327): the one shown now, and a new one uploaded through sharp into the media store. */
function SerialImage({ serial, onSaved }: { serial: AdminSerial; onSaved: () => Promise<unknown> }) {
  const change = useChange();
  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const file = (form.elements.namedItem('image') as HTMLInputElement).files?.[0];
    if (!file) return;
    if (
      await change.run(
        () => uploadSerialImage(serial.id, serial.version, file),
        () => adminCopy('serials.image.uploaded_done'),
        serialImageError,
      )
    ) {
      form.reset();
      await onSaved();
    }
  }
  return (
    <section className={styles.section} aria-labelledby="serial-image-heading">
      <h2 id="serial-image-heading">{adminCopy('serials.image.heading')}</h2>
      <div className={extra.serialImageRow}>
        <figure className={extra.serialImage}>
          <img src={serial.imageUrl} alt={adminCopy('serials.image.alt', { name: serial.name })} width={261} height={164} />
          <figcaption>{serial.imageUploaded ? adminCopy('serials.image.uploaded') : adminCopy('serials.image.drawn')}</figcaption>
        </figure>
        <form className={styles.actions} onSubmit={upload} aria-label={adminCopy('serials.image.heading')}>
          <label className={styles.field}>
            {adminCopy('serials.image.file')}
            <input name="image" type="file" accept="image/jpeg,image/png,image/webp" required />
          </label>
          <button className={styles.secondary} type="submit" disabled={change.busy}>
            {adminCopy('serials.image.upload')}
          </button>
        </form>
      </div>
      <ChangeStatus notice={change.notice} error={change.error} />
    </section>
  );
}

/** `/admin/serials/:serialId`: the serial's image, ticket and rental settings, its episodes' schedule, and a new episode. */
export function SerialPage({ serialId }: { serialId: number }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'serial', serialId];
  const serial = useQuery({ queryKey: key, queryFn: () => adminGet<AdminSerial>(`/serials/${serialId}`) });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const settings = useChange();
  const { formRef: settingsRef, changes: settingsChanges } = useFormChanges();
  const { ref: settingsFormRef, errorId: settingsErrorId } = useChangeForm(settings, settingsRef);
  const add = useChange();
  const { ref: addFormRef, errorId: addErrorId } = useChangeForm(add);
  const [editing, setEditing] = useState<number | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  if (!serial.data) return <p>{serial.isError ? adminCopy('common.failed') : adminCopy('common.loading')}</p>;
  const s = serial.data;

  async function saveSettings(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changed = settingsChanges(e.currentTarget, settingsFields);
    if (unchanged(changed)) return settings.say(adminCopy('common.unchanged'));
    if (
      await settings.run(
        () => adminChange<AdminSerial>('PUT', `/serials/${serialId}`, { version: s.version, ...changed }),
        () => adminCopy('common.saved'),
      )
    )
      await reload();
  }
  async function addEpisode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const pageCount = Number(new FormData(form).get('pageCount'));
    const created = await add.run(
      () => adminChange<AdminEpisode>('POST', `/serials/${serialId}/episodes`, { ...episodeFields(new FormData(form)), pageCount }),
      (r) => adminCopy('serials.added', { sequence: r.orderSequence }),
    );
    if (created) {
      form.reset();
      await reload();
    }
  }

  return (
    <>
      <p>
        <Link to="/admin/serials">{adminCopy('serials.back')}</Link>
      </p>
      <h1 className={styles.heading}>{s.name}</h1>
      <SerialImage serial={s} onSaved={reload} />
      <section className={styles.section}>
        <h2>{adminCopy('serials.settings')}</h2>
        <form
          key={s.version}
          ref={settingsFormRef}
          className={styles.form}
          onSubmit={saveSettings}
          aria-label={adminCopy('serials.settings')}
        >
          <label className={styles.field}>
            {adminCopy('serials.chargeMinutes')}
            <input name="chargeMinutes" type="number" min={0} step={1} defaultValue={s.chargeMinutes} />
          </label>
          <label className={styles.field}>
            {adminCopy('serials.rentalMinutes')}
            <input name="rentalMinutes" type="number" min={0} step={1} defaultValue={s.rentalMinutes} />
          </label>
          <label className={`${styles.check} ${styles.wide}`}>
            <input name="orderOnly" type="checkbox" defaultChecked={s.orderOnly} />
            {adminCopy('serials.orderOnly')}
          </label>
          <label className={`${styles.check} ${styles.wide}`}>
            <input name="ticketUsable" type="checkbox" defaultChecked={s.ticketUsable} />
            {adminCopy('serials.ticketUsable')}
          </label>
          <div className={`${styles.actions} ${styles.wide}`}>
            <button className={styles.button} type="submit" disabled={settings.busy}>
              {adminCopy('common.save')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={settings.notice} error={settings.error} errorId={settingsErrorId} />
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('serials.episodes')}</h2>
        {s.episodes.length === 0 ? (
          <p>{adminCopy('serials.noEpisodes')}</p>
        ) : (
          <TableWrap label={adminCopy('serials.episodes')}>
            <table className={`${styles.table} ${extra.episodeTable}`} aria-label={adminCopy('serials.episodes')}>
              <thead>
                <tr>
                  <th className={styles.number}>{adminCopy('serials.episodeColumns.sequence')}</th>
                  <th>{adminCopy('serials.episodeColumns.title')}</th>
                  <th>{adminCopy('serials.episodeColumns.spend')}</th>
                  <th className={styles.number}>{adminCopy('serials.episodeColumns.price')}</th>
                  <th>{adminCopy('serials.episodeColumns.release')}</th>
                  <th>{adminCopy('serials.episodeColumns.end')}</th>
                  <th className={styles.number}>{adminCopy('serials.episodeColumns.pages')}</th>
                  <th>{adminCopy('serials.episodeColumns.layout')}</th>
                  <th>{adminCopy('serials.episodeColumns.book')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {s.episodes.map((e) => (
                  <tr key={e.id}>
                    <td className={styles.number}>{e.orderSequence}</td>
                    <td>{e.title}</td>
                    <td>{adminCopy(`serials.spendTypes.${e.spendType as 0 | 1 | 2}`)}</td>
                    <td className={styles.number}>{e.price}</td>
                    <td>{e.releaseAt.replace('T', ' ')}</td>
                    <td>{e.endAt?.replace('T', ' ') ?? ''}</td>
                    <td className={styles.number}>
                      {e.pageCount}
                      <span className={extra.pagesSource}>
                        {e.pagesUploaded ? adminCopy('serials.pages.uploaded') : adminCopy('serials.pages.drawn')}
                      </span>
                    </td>
                    <td>{adminCopy(`serials.layoutShort.${e.layoutType === 1 ? 1 : 0}`)}</td>
                    <td>{volumeLabel(s.volumes, e.bookId)}</td>
                    <td>
                      <div className={extra.episodeActions}>
                        <button
                          className={styles.secondary}
                          type="button"
                          aria-pressed={editing === e.id}
                          onClick={() => setEditing(editing === e.id ? null : e.id)}
                        >
                          {adminCopy('serials.editButton')}
                        </button>
                        <button
                          className={styles.secondary}
                          type="button"
                          aria-label={`${adminCopy('serials.pages.heading', { sequence: e.orderSequence })}：${adminCopy('serials.pages.button')}`}
                          aria-pressed={uploading === e.id}
                          onClick={() => setUploading(uploading === e.id ? null : e.id)}
                        >
                          {adminCopy('serials.pages.button')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
        {s.episodes
          .filter((e) => e.id === editing)
          .map((e) => (
            <EpisodeEditor key={e.id} episode={e} volumes={s.volumes} onSaved={reload} />
          ))}
        {s.episodes
          .filter((e) => e.id === uploading)
          .map((e) => (
            <EpisodePagesUpload key={e.id} episode={e} onSaved={reload} />
          ))}
      </section>
      <section className={styles.section}>
        <h2>{adminCopy('serials.add')}</h2>
        <form ref={addFormRef} className={styles.form} onSubmit={addEpisode} aria-label={adminCopy('serials.add')}>
          <EpisodeFields prefix="new-episode" volumes={s.volumes} layout={s.episodes.at(-1)?.layoutType ?? 0} />
          <label className={styles.field} htmlFor="new-episode-pages">
            {adminCopy('serials.pageCount')}
            <input id="new-episode-pages" name="pageCount" type="number" min={1} step={1} defaultValue={20} />
          </label>
          <div className={`${styles.actions} ${styles.wide}`}>
            <button className={styles.button} type="submit" disabled={add.busy}>
              {adminCopy('serials.add')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={add.notice} error={add.error} errorId={addErrorId} />
      </section>
    </>
  );
}
