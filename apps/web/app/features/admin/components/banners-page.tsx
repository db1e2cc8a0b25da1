import { type AdminBannerView, BANNER_LOCATIONS } from '@hondana/domain/admin/admin-commerce-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
import { adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange } from './use-change';
import styles from './admin.module.css';

function bannerFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    imageUrl: text('imageUrl'),
    jumpUrl: text('jumpUrl'),
    colorCode: text('colorCode'),
    location: text('location'),
    priority: Number(text('priority') || 0),
    start: text('start'),
    end: text('end'),
  };
}

const state = (b: AdminBannerView) => (b.showing ? p('banners.showing') : b.ended ? p('banners.ended') : p('banners.waiting'));

/** `/admin/banners`: the store's reach banners (image, link, priority, period, where they show); create, edit, end. */
export function BannersPage() {
  const queryClient = useQueryClient();
  const banners = useQuery({ queryKey: ['admin', 'banners'], queryFn: () => adminGet<{ banners: AdminBannerView[] }>('/banners') });
  const change = useChange();
  const end = useChange();
  const [editing, setEditing] = useState<AdminBannerView | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'banners'] });

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = bannerFields(form);
    const done = editing
      ? await change.run(() => adminChange<AdminBannerView>('PUT', `/banners/${editing.id}`, { ...body, version: editing.version }), () => p('common.saved'))
      : await change.run(() => adminChange<AdminBannerView>('POST', '/banners', body), () => p('common.created'));
    if (done) {
      setEditing(null);
      form.reset();
    }
    await reload();
  }
  async function endNow(b: AdminBannerView) {
    await end.run(() => adminChange('POST', `/banners/${b.id}/end`, { version: b.version }), () => p('common.ended'));
    await reload();
  }

  return (
    <>
      <h1 className={styles.heading}>{p('banners.heading')}</h1>
      <p>{p('banners.lead')}</p>
      <section className={styles.section}>
        <h2>{editing ? p('common.editing', { id: editing.id }) : p('banners.create')}</h2>
        <form key={editing?.id ?? 'new'} className={styles.form} onSubmit={save} aria-label={editing ? p('common.editing', { id: editing.id }) : p('banners.create')}>
          <label className={styles.field}>
            {p('banners.imageUrl')}
            <input name="imageUrl" inputMode="url" required defaultValue={editing?.imageUrl} />
          </label>
          <label className={styles.field}>
            {p('banners.jumpUrl')}
            <input name="jumpUrl" inputMode="url" required defaultValue={editing?.jumpUrl} />
          </label>
          <label className={styles.field}>
            {p('banners.colorCode')}
            <input name="colorCode" type="color" defaultValue={editing?.colorCode ?? '#ffffff'} />
          </label>
          <label className={styles.field}>
            {p('banners.location')}
            <select name="location" defaultValue={editing?.location ?? 'top'}>
              {BANNER_LOCATIONS.map((l) => (
                <option key={l} value={l}>
                  {p(`banners.locations.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {p('banners.priority')}
            <input name="priority" type="number" min={0} step={1} required defaultValue={editing?.priority ?? 0} />
          </label>
          <label className={styles.field}>
            {p('banners.start')}
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </label>
          <label className={styles.field}>
            {p('banners.end')}
            <input name="end" type="datetime-local" required defaultValue={editing?.end} />
          </label>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {editing ? p('common.save') : p('banners.create')}
            </button>
            {editing && (
              <button className={styles.secondary} type="button" onClick={() => setEditing(null)}>
                {p('common.cancelEdit')}
              </button>
            )}
          </div>
        </form>
        <ChangeStatus notice={change.notice} error={change.error} />
      </section>
      <ChangeStatus notice={end.notice} error={end.error} />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['id', 'image', 'link', 'location', 'priority', 'period', 'state'] as const).map((c) => (
                <th key={c}>{p(`banners.columns.${c}`)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {banners.data?.banners.map((b) => (
              <tr key={b.id}>
                <td className={styles.nowrap}>{b.id}</td>
                <td>
                  <img className={styles.bannerThumb} src={b.imageUrl} alt={p('banners.preview', { id: b.id })} width={160} height={30} style={{ backgroundColor: b.colorCode }} />
                </td>
                <td className={styles.breakAll}>{b.jumpUrl}</td>
                <td className={styles.nowrap}>{(BANNER_LOCATIONS as readonly string[]).includes(b.location) ? p(`banners.locations.${b.location as 'top'}`) : b.location}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{b.priority}</td>
                <td>
                  <span className={styles.nowrap}>{p('common.from', { start: b.start.replace('T', ' ') })}</span>
                  <br />
                  <span className={styles.nowrap}>{b.end.replace('T', ' ')}</span>
                </td>
                <td className={styles.nowrap}>{state(b)}</td>
                <td>
                  <span className={styles.actions}>
                    <button className={styles.secondary} type="button" onClick={() => setEditing(b)} aria-label={`${p('common.edit')} #${b.id}`}>
                      {p('common.edit')}
                    </button>
                    {!b.ended && (
                      <button className={styles.secondary} type="button" onClick={() => endNow(b)} disabled={end.busy} aria-label={`${p('banners.end_')} #${b.id}`}>
                        {p('banners.end_')}
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
