import type { AdminPointCampaignView } from '@hondana/domain/admin/admin-commerce-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { jaAdminPromotions, promoCopy as p } from '../../../i18n/ja-admin-promotions';
import { adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange } from './use-change';
import styles from './admin.module.css';

type CampaignType = AdminPointCampaignView['type'];
const TYPES = Object.keys(jaAdminPromotions.campaigns.types) as CampaignType[];

function campaignFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const optional = (k: string) => (text(k) === '' ? null : Number(text(k)));
  return {
    type: text('type'),
    name: text('name'),
    rate: Number(text('rate') || 0),
    point: Number(text('point') || 0),
    start: text('start') || null,
    end: text('end') || null,
    expireDays: Number(text('expireDays') || 0),
    bookId: optional('bookId'),
    titleId: optional('titleId'),
    minBooks: Number(text('minBooks') || 0),
    genreIds: text('genreIds')
      .split(/[\s,、]+/)
      .filter(Boolean)
      .map(Number),
    publisherId: optional('publisherId'),
  };
}

const period = (c: { start: string | null; end: string | null }) =>
  p('common.period', { start: c.start?.replace('T', ' ') ?? '', end: c.end?.replace('T', ' ') ?? p('common.open') });

function target(c: AdminPointCampaignView): string {
  if (c.type === 'book') return p('campaigns.target.book', { id: c.bookId ?? '' });
  if (c.type === 'series') return p('campaigns.target.title', { id: c.titleId ?? '' });
  if (c.type === 'specificGenres') return p('campaigns.target.genres', { ids: c.genreIds.join('、') });
  if (c.type === 'publish') return p('campaigns.target.publisher', { id: c.publisherId ?? '' });
  if (c.type === 'bulkBuy') return `${c.titleId === null ? p('campaigns.target.all') : p('campaigns.target.title', { id: c.titleId })} ${p('campaigns.target.minBooks', { n: c.minBooks })}`;
  return p('campaigns.target.all');
}

/** `/admin/point-campaigns`: the §3 point campaigns (bulk-buy included) the cart and the book pages give points by; create, edit, end. */
export function PointCampaignsPage() {
  const queryClient = useQueryClient();
  const campaigns = useQuery({ queryKey: ['admin', 'point-campaigns'], queryFn: () => adminGet<{ campaigns: AdminPointCampaignView[] }>('/point_campaigns') });
  const change = useChange();
  const end = useChange();
  const [editing, setEditing] = useState<AdminPointCampaignView | null>(null);
  const [type, setType] = useState<CampaignType>('series');
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'point-campaigns'] });

  function edit(c: AdminPointCampaignView | null) {
    setEditing(c);
    setType(c?.type ?? 'series');
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = campaignFields(e.currentTarget);
    const done = editing
      ? await change.run(() => adminChange<AdminPointCampaignView>('PUT', `/point_campaigns/${editing.id}`, { ...body, version: editing.version }), () => p('common.saved'))
      : await change.run(() => adminChange<AdminPointCampaignView>('POST', '/point_campaigns', body), () => p('common.created'));
    if (done) {
      edit(null);
      e.currentTarget?.reset();
    }
    await reload();
  }
  async function endNow(c: AdminPointCampaignView) {
    await end.run(() => adminChange('POST', `/point_campaigns/${c.id}/end`, { version: c.version }), () => p('common.ended'));
    await reload();
  }

  return (
    <>
      <h1 className={styles.heading}>{p('campaigns.heading')}</h1>
      <p>{p('campaigns.lead')}</p>
      <section className={styles.section}>
        <h2>{editing ? p('common.editing', { id: editing.id }) : p('campaigns.create')}</h2>
        <form key={editing?.id ?? 'new'} className={styles.form} onSubmit={save} aria-label={editing ? p('common.editing', { id: editing.id }) : p('campaigns.create')}>
          <label className={styles.field}>
            {p('campaigns.type')}
            <select name="type" value={type} onChange={(e) => setType(e.target.value as CampaignType)}>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {p(`campaigns.types.${t}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {p('campaigns.name')}
            <input name="name" required defaultValue={editing?.name} />
          </label>
          <label className={styles.field}>
            {p('campaigns.rate')}
            <input name="rate" type="number" min={0} max={100} step={1} required defaultValue={editing?.rate ?? 10} />
          </label>
          <label className={styles.field}>
            {p('campaigns.point')}
            <input name="point" type="number" min={0} step={1} defaultValue={editing?.point ?? 0} />
          </label>
          <label className={styles.field}>
            {p('campaigns.start')}
            <input name="start" type="datetime-local" defaultValue={editing?.start ?? ''} />
          </label>
          <label className={styles.field}>
            {p('campaigns.end')}
            <input name="end" type="datetime-local" defaultValue={editing?.end ?? ''} />
          </label>
          <label className={styles.field}>
            {p('campaigns.expireDays')}
            <input name="expireDays" type="number" min={1} max={3650} step={1} required defaultValue={editing?.expireDays ?? 90} />
          </label>
          {type === 'book' && (
            <label className={styles.field}>
              {p('campaigns.bookId')}
              <input name="bookId" inputMode="numeric" required defaultValue={editing?.bookId ?? ''} />
            </label>
          )}
          {(type === 'series' || type === 'bulkBuy') && (
            <label className={styles.field}>
              {p('campaigns.titleId')}
              <input name="titleId" inputMode="numeric" required={type === 'series'} defaultValue={editing?.titleId ?? ''} />
            </label>
          )}
          {type === 'specificGenres' && (
            <label className={styles.field}>
              {p('campaigns.genreIds')}
              <input name="genreIds" inputMode="numeric" required defaultValue={editing?.genreIds.join(', ') ?? ''} />
            </label>
          )}
          {type === 'publish' && (
            <label className={styles.field}>
              {p('campaigns.publisherId')}
              <input name="publisherId" inputMode="numeric" required defaultValue={editing?.publisherId ?? ''} />
            </label>
          )}
          {type === 'bulkBuy' && (
            <label className={styles.field}>
              {p('campaigns.minBooks')}
              <input name="minBooks" type="number" min={2} step={1} required defaultValue={editing?.minBooks || 3} />
            </label>
          )}
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {editing ? p('common.save') : p('campaigns.create')}
            </button>
            {editing && (
              <button className={styles.secondary} type="button" onClick={() => edit(null)}>
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
              {(['id', 'name', 'type', 'give', 'target', 'period', 'expire', 'state'] as const).map((c) => (
                <th key={c}>{p(`campaigns.columns.${c}`)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {campaigns.data?.campaigns.map((c) => (
              <tr key={c.id}>
                <td className={styles.nowrap}>{c.id}</td>
                <td>{c.name}</td>
                <td>{p(`campaigns.types.${c.type}`)}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{c.rate > 0 ? p('campaigns.give.rate', { rate: c.rate }) : p('campaigns.give.point', { point: c.point })}</td>
                <td>{target(c)}</td>
                <td>
                  {c.start && <span className={styles.nowrap}>{p('common.from', { start: c.start.replace('T', ' ') })}</span>}
                  {c.start && <br />}
                  <span className={styles.nowrap}>{c.start ? (c.end?.replace('T', ' ') ?? p('common.open')) : period(c)}</span>
                </td>
                <td className={`${styles.number} ${styles.nowrap}`}>{p('campaigns.days', { n: c.expireDays })}</td>
                <td className={styles.nowrap}>{c.active ? p('common.running') : p('common.notRunning')}</td>
                <td>
                  <span className={styles.actions}>
                    <button className={styles.secondary} type="button" onClick={() => edit(c)} aria-label={`${p('common.edit')} ${c.name}`}>
                      {p('common.edit')}
                    </button>
                    {!c.ended && (
                      <button className={styles.secondary} type="button" onClick={() => endNow(c)} disabled={end.busy} aria-label={`${p('campaigns.end_')} ${c.name}`}>
                        {p('campaigns.end_')}
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
