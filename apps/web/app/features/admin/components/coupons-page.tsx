import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { jaAdmin, adminCopy as a } from '../../../i18n/ja-admin';
import { type AdminCoupon, adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange } from './use-change';
import styles from './admin.module.css';

const ids = (text: string) => text.split(/[,、\s]+/).filter(Boolean).map(Number);

function couponFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  const optional = (k: string) => (text(k) === '' ? null : Number(text(k)));
  return {
    name: text('name'),
    couponType: Number(text('couponType')),
    rate: optional('rate'),
    limit: optional('limit'),
    minCartPrice: Number(text('minCartPrice') || 0),
    expireAt: text('expireAt'),
    targetScope: Number(text('targetScope')),
    targetIds: ids(text('targetIds')),
    targetGenreIds: ids(text('targetGenreIds')),
    steps: text('steps')
      .split(/[,、]+/)
      .filter(Boolean)
      .map((s) => s.split(':').map(Number))
      .map(([requiredStepCount, stepRate]) => ({ requiredStepCount, stepRate })),
    audience: text('audience'),
    members: text('members').split(/\s+/).filter(Boolean),
  };
}

/** `/admin/coupons`: the coupons (4 types × 6 target scopes) with who received and used them; create and switch off. */
export function CouponsPage() {
  const queryClient = useQueryClient();
  const coupons = useQuery({ queryKey: ['admin', 'coupons'], queryFn: () => adminGet<{ coupons: AdminCoupon[] }>('/coupons') });
  const change = useChange();
  const toggle = useChange();
  const [audience, setAudience] = useState('ALL');
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (await change.run(() => adminChange<AdminCoupon & { given: number }>('POST', '/coupons', couponFields(e.currentTarget)), (c) => a('coupons.created', { given: c.given }))) await reload();
  }
  async function setEnabled(c: AdminCoupon) {
    if (await toggle.run(() => adminChange('POST', `/coupons/${c.id}/enabled`, { enabled: !c.enabled }), () => a('common.saved'))) await reload();
  }

  return (
    <>
      <h1 className={styles.heading}>{a('coupons.heading')}</h1>
      <section className={styles.section}>
        <h2>{a('coupons.create')}</h2>
        <form className={styles.form} onSubmit={create} aria-label={a('coupons.create')}>
          <label className={styles.field}>
            {a('coupons.name')}
            <input name="name" required />
          </label>
          <label className={styles.field}>
            {a('coupons.couponType')}
            <select name="couponType" defaultValue="1">
              {Object.entries(jaAdmin.coupons.types).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {a('coupons.rate')}
            <input name="rate" type="number" min={1} step={1} />
          </label>
          <label className={styles.field}>
            {a('coupons.limit')}
            <input name="limit" type="number" min={1} step={1} />
          </label>
          <label className={styles.field}>
            {a('coupons.minCartPrice')}
            <input name="minCartPrice" type="number" min={0} step={1} defaultValue={0} />
          </label>
          <label className={styles.field}>
            {a('coupons.expireAt')}
            <input name="expireAt" type="datetime-local" required />
          </label>
          <label className={styles.field}>
            {a('coupons.targetScope')}
            <select name="targetScope" defaultValue="0">
              {Object.entries(jaAdmin.coupons.scopes).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {a('coupons.targetIds')}
            <input name="targetIds" inputMode="numeric" />
          </label>
          <label className={styles.field}>
            {a('coupons.targetGenreIds')}
            <input name="targetGenreIds" inputMode="numeric" />
          </label>
          <label className={styles.field}>
            {a('coupons.steps')}
            <input name="steps" />
          </label>
          <label className={styles.field}>
            {a('coupons.audience')}
            <select name="audience" value={audience} onChange={(e) => setAudience(e.target.value)}>
              {Object.entries(jaAdmin.coupons.audiences).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {audience === 'LIST' && (
            <label className={`${styles.field} ${styles.wide}`}>
              {a('coupons.members')}
              <textarea name="members" rows={3} />
            </label>
          )}
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {a('coupons.create')}
            </button>
          </div>
        </form>
        <ChangeStatus notice={change.notice} error={change.error} />
      </section>
      <ChangeStatus notice={toggle.notice} error={toggle.error} />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['id', 'name', 'type', 'target', 'expire', 'held', 'used', 'state'] as const).map((c) => (
                <th key={c}>{a(`coupons.columns.${c}`)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {coupons.data?.coupons.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>{c.name}</td>
                <td>
                  {jaAdmin.coupons.types[String(c.couponType) as keyof typeof jaAdmin.coupons.types]}
                  {c.rate !== null && ` ${c.rate}`}
                </td>
                <td>
                  {jaAdmin.coupons.scopes[String(c.targetScope) as keyof typeof jaAdmin.coupons.scopes]} {c.targetIds.join(', ')}
                </td>
                <td>{c.expireAt.replace('T', ' ')}</td>
                <td className={styles.number}>{c.held}</td>
                <td className={styles.number}>{c.used}</td>
                <td>{c.enabled ? a('coupons.enabled') : a('coupons.disabled')}</td>
                <td>
                  <button className={styles.secondary} type="button" onClick={() => setEnabled(c)} disabled={toggle.busy}>
                    {c.enabled ? a('coupons.disable') : a('coupons.enable')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
