import type { AdminCoinPackView } from '@hondana/domain/admin/admin-commerce-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { jaAdminPromotions, promoCopy as p } from '../../../i18n/ja-admin-promotions';
import { adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { formatYen } from './format';
import { useChange } from './use-change';
import styles from './admin.module.css';

type Method = keyof typeof jaAdminPromotions.coinPacks.methods;
const METHODS = Object.keys(jaAdminPromotions.coinPacks.methods) as Method[];
const HIGHLIGHTS = Object.keys(jaAdminPromotions.coinPacks.highlights) as AdminCoinPackView['highlight'][];
const SCENES = Object.keys(jaAdminPromotions.coinPacks.scenes) as AdminCoinPackView['displayScene'][];

function packFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    price: Number(text('price') || 0),
    coin: Number(text('coin') || 0),
    bonus: Number(text('bonus') || 0),
    bonusPoint: Number(text('bonusPoint') || 0),
    limit: text('limit') === '' ? null : Number(text('limit')),
    highlight: text('highlight'),
    displayScene: text('displayScene'),
    paymentMethods: f.getAll('paymentMethods').map(String),
    sortOrder: Number(text('sortOrder') || 0),
  };
}

const methodLabel = (m: string) => (jaAdminPromotions.coinPacks.methods as Record<string, string>)[m] ?? m;

/** `/admin/coin-packs`: the coin shop's packs per payment type (price, coins, bonus, limit, highlight, scene); create, edit, hide. */
export function CoinPacksPage() {
  const queryClient = useQueryClient();
  const packs = useQuery({ queryKey: ['admin', 'coin-packs'], queryFn: () => adminGet<{ packs: AdminCoinPackView[] }>('/coin_packs') });
  const change = useChange();
  const toggle = useChange();
  const [editing, setEditing] = useState<AdminCoinPackView | null>(null);
  const [method, setMethod] = useState<string>('');
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'coin-packs'] });
  const shown = packs.data?.packs.filter((pack) => method === '' || pack.paymentMethods.includes(method));

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = packFields(form);
    const done = editing
      ? await change.run(() => adminChange<AdminCoinPackView>('PUT', `/coin_packs/${editing.id}`, { ...body, version: editing.version }), () => p('common.saved'))
      : await change.run(() => adminChange<AdminCoinPackView>('POST', '/coin_packs', body), () => p('common.created'));
    if (done) {
      setEditing(null);
      form.reset();
    }
    await reload();
  }
  async function setActive(pack: AdminCoinPackView) {
    await toggle.run(() => adminChange('POST', `/coin_packs/${pack.id}/active`, { version: pack.version, active: !pack.active }), () => p('common.saved'));
    await reload();
  }

  return (
    <>
      <h1 className={styles.heading}>{p('coinPacks.heading')}</h1>
      <p>{p('coinPacks.lead')}</p>
      <section className={styles.section}>
        <h2>{editing ? p('common.editing', { id: editing.id }) : p('coinPacks.create')}</h2>
        <form key={editing?.id ?? 'new'} className={styles.form} onSubmit={save} aria-label={editing ? p('common.editing', { id: editing.id }) : p('coinPacks.create')}>
          <label className={styles.field}>
            {p('coinPacks.price')}
            <input name="price" type="number" min={1} step={1} required defaultValue={editing?.price} />
          </label>
          <label className={styles.field}>
            {p('coinPacks.coin')}
            <input name="coin" type="number" min={1} step={1} required defaultValue={editing?.coin} />
          </label>
          <label className={styles.field}>
            {p('coinPacks.bonus')}
            <input name="bonus" type="number" min={0} step={1} defaultValue={editing?.bonus ?? 0} />
          </label>
          <label className={styles.field}>
            {p('coinPacks.bonusPoint')}
            <input name="bonusPoint" type="number" min={0} step={1} defaultValue={editing?.bonusPoint ?? 0} />
          </label>
          <label className={styles.field}>
            {p('coinPacks.limit')}
            <input name="limit" type="number" min={1} step={1} defaultValue={editing?.limit ?? ''} />
          </label>
          <label className={styles.field}>
            {p('coinPacks.highlight')}
            <select name="highlight" defaultValue={editing?.highlight ?? 'none'}>
              {HIGHLIGHTS.map((h) => (
                <option key={h} value={h}>
                  {p(`coinPacks.highlights.${h}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {p('coinPacks.displayScene')}
            <select name="displayScene" defaultValue={editing?.displayScene ?? 'shop'}>
              {SCENES.map((s) => (
                <option key={s} value={s}>
                  {p(`coinPacks.scenes.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {p('coinPacks.sortOrder')}
            <input name="sortOrder" type="number" min={0} step={1} defaultValue={editing?.sortOrder ?? 0} />
          </label>
          <fieldset className={`${styles.wide} ${styles.methods}`}>
            <legend>{p('coinPacks.paymentMethods')}</legend>
            {METHODS.map((m) => (
              <label key={m} className={styles.check}>
                <input type="checkbox" name="paymentMethods" value={m} defaultChecked={editing ? editing.paymentMethods.includes(m) : m === 'creditcard'} />
                {methodLabel(m)}
              </label>
            ))}
          </fieldset>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {editing ? p('common.save') : p('coinPacks.create')}
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
      <label className={styles.field}>
        {p('coinPacks.filter')}
        <select value={method} onChange={(e) => setMethod(e.target.value)}>
          <option value="">{p('coinPacks.all')}</option>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {methodLabel(m)}
            </option>
          ))}
        </select>
      </label>
      <ChangeStatus notice={toggle.notice} error={toggle.error} />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['id', 'price', 'coin', 'bonus', 'limit', 'highlight', 'scene', 'methods', 'sold', 'state'] as const).map((c) => (
                <th key={c}>{p(`coinPacks.columns.${c}`)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {shown?.map((pack) => (
              <tr key={pack.id}>
                <td className={styles.nowrap}>{pack.id}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{p('coinPacks.yen', { n: formatYen(pack.price) })}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{formatYen(pack.coin)}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{formatYen(pack.bonus)}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{pack.limit === null ? p('coinPacks.unlimited') : p('coinPacks.times', { n: pack.limit })}</td>
                <td className={styles.nowrap}>{p(`coinPacks.highlights.${pack.highlight}`)}</td>
                <td className={styles.nowrap}>{p(`coinPacks.scenes.${pack.displayScene}`)}</td>
                <td>{pack.paymentMethods.length === METHODS.length ? p('coinPacks.all') : pack.paymentMethods.map(methodLabel).join('、')}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{formatYen(pack.sold)}</td>
                <td className={styles.nowrap}>{pack.active ? p('coinPacks.visible') : p('coinPacks.hidden')}</td>
                <td>
                  <span className={styles.actions}>
                    <button className={styles.secondary} type="button" onClick={() => setEditing(pack)} aria-label={`${p('common.edit')} #${pack.id}`}>
                      {p('common.edit')}
                    </button>
                    <button className={styles.secondary} type="button" onClick={() => setActive(pack)} disabled={toggle.busy} aria-label={`${pack.active ? p('coinPacks.hide') : p('coinPacks.show')} #${pack.id}`}>
                      {pack.active ? p('coinPacks.hide') : p('coinPacks.show')}
                    </button>
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
