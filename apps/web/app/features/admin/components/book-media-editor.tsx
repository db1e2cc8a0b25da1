import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminCopy } from '../../../i18n/ja-admin';
import { type AdminBook, type BookMedia, adminChange, adminGet, uploadCover } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange } from './use-change';
import { unchanged, useFormChanges } from './use-form-changes';
import styles from './admin.module.css';
import extra from './console-media.module.css';

/** "1, 3,8" → [0, 2, 7]: the operator counts pages from 1, the store from 0. */
function pagesFromText(text: string): number[] {
  return text
    .split(/[,、，\s]+/)
    .filter(Boolean)
    .map((p) => Number(p) - 1);
}

/** The sample's fields as the API takes them: the first pages, and the chosen pages (null for none). */
function sampleFields(f: FormData) {
  const total = String(f.get('samplePageTotal') ?? '');
  return {
    samplePageTotal: total === '' ? Number.NaN : Number(total),
    customSamplePages: f.get('sampleMode') === 'custom' ? pagesFromText(String(f.get('customPages') ?? '')) : null,
  };
}

/** One volume's cover (uploaded through sharp into the media store) and its sample: the first pages or chosen ones. */
export function BookMediaEditor({ book, onSaved }: { book: AdminBook; onSaved: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'book-media', book.id];
  const media = useQuery({ queryKey: key, queryFn: () => adminGet<BookMedia>(`/books/${book.id}/media`) });
  const cover = useChange();
  const sample = useChange();
  const { formRef: sampleRef, changes: sampleChanges } = useFormChanges();
  const [custom, setCustom] = useState<boolean | null>(null);
  const m = media.data;
  if (!m) return null;
  const customOn = custom ?? m.customSamplePages !== null;
  const saved = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await onSaved();
  };

  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = (e.currentTarget.elements.namedItem('cover') as HTMLInputElement).files?.[0];
    if (!file || !m) return;
    if (
      await cover.run(
        () => uploadCover(book.id, m.version, file),
        () => adminCopy('bookMedia.coverUploaded'),
      )
    )
      await saved();
  }
  async function revertCover() {
    if (!m) return;
    if (
      await cover.run(
        () => adminChange<BookMedia>('POST', `/books/${book.id}/cover/revert`, { version: m.version }),
        () => adminCopy('bookMedia.coverReverted'),
      )
    )
      await saved();
  }
  async function saveSample(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!m) return;
    const changed = sampleChanges(e.currentTarget, sampleFields);
    if (unchanged(changed)) return sample.say(adminCopy('common.unchanged'));
    if (
      await sample.run(
        () => adminChange<BookMedia>('PUT', `/books/${book.id}/sample`, { version: m.version, ...changed }),
        () => adminCopy('bookMedia.sampleSaved'),
      )
    )
      await saved();
  }
  const id = (name: string) => `book-${book.id}-${name}`;
  return (
    <div className={extra.mediaRow}>
      <figure className={extra.cover}>
        <img src={m.coverUrl} alt={adminCopy('bookMedia.coverAlt', { vol: book.vol })} width={106} height={150} />
        <figcaption>
          {m.coverUploaded ? adminCopy('bookMedia.coverSource.uploaded') : adminCopy('bookMedia.coverSource.original')}
        </figcaption>
      </figure>
      <div>
        <form className={styles.actions} onSubmit={upload} aria-label={adminCopy('bookMedia.cover')}>
          <label className={styles.field} htmlFor={id('cover')}>
            {adminCopy('bookMedia.coverFile')}
            <input id={id('cover')} name="cover" type="file" accept="image/jpeg,image/png,image/webp" required />
          </label>
          <button className={styles.secondary} type="submit" disabled={cover.busy}>
            {adminCopy('bookMedia.coverUpload')}
          </button>
          {m.coverUploaded && (
            <button className={styles.secondary} type="button" onClick={() => void revertCover()} disabled={cover.busy}>
              {adminCopy('bookMedia.coverRevert')}
            </button>
          )}
        </form>
        <ChangeStatus notice={cover.notice} error={cover.error} />
        <form key={m.version} ref={sampleRef} className={styles.form} onSubmit={saveSample} aria-label={adminCopy('bookMedia.sample')}>
          <fieldset className={`${styles.wide} ${extra.choices}`}>
            <legend>{adminCopy('bookMedia.sampleMode')}</legend>
            <label className={styles.check}>
              <input type="radio" name="sampleMode" value="first" checked={!customOn} onChange={() => setCustom(false)} />
              {adminCopy('bookMedia.sampleFirst')}
            </label>
            <label className={styles.check}>
              <input type="radio" name="sampleMode" value="custom" checked={customOn} onChange={() => setCustom(true)} />
              {adminCopy('bookMedia.sampleCustom')}
            </label>
          </fieldset>
          <label className={styles.field} htmlFor={id('sample-total')}>
            {adminCopy('bookMedia.samplePageTotal')}
            <input
              id={id('sample-total')}
              name="samplePageTotal"
              type="number"
              min={0}
              max={m.pageCount}
              step={1}
              defaultValue={m.samplePageTotal}
            />
          </label>
          {customOn && (
            <label className={styles.field} htmlFor={id('custom-pages')}>
              {adminCopy('bookMedia.customPages')}
              <input
                id={id('custom-pages')}
                name="customPages"
                inputMode="numeric"
                defaultValue={(m.customSamplePages ?? []).map((p) => p + 1).join(',')}
              />
            </label>
          )}
          <div className={`${styles.actions} ${styles.wide}`}>
            <button className={styles.secondary} type="submit" disabled={sample.busy}>
              {adminCopy('bookMedia.saveSample')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={sample.notice} error={sample.error} />
      </div>
    </div>
  );
}
