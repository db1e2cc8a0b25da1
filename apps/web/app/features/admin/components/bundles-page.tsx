import type { AdminBundleView } from '@hondana/domain/admin/admin-commerce-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { promoCopy as p } from '../../../i18n/ja-admin-promotions';
import { adminChange, adminGet } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { formatYen } from './format';
import { useChange } from './use-change';
import styles from './admin.module.css';

function bundleFields(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '').trim();
  return {
    name: text('name'),
    price: Number(text('price') || 0),
    bookIds: text('bookIds').split(/[,、\s]+/).filter(Boolean).map(Number),
    start: text('start'),
    end: text('end') || null,
  };
}

/** `/admin/bundles`: the cart's bundles (books sold together at one price, in a period); create, edit, end. */
export function BundlesPage() {
  const queryClient = useQueryClient();
  const bundles = useQuery({ queryKey: ['admin', 'bundles'], queryFn: () => adminGet<{ bundles: AdminBundleView[] }>('/bundles') });
  const change = useChange();
  const end = useChange();
  const [editing, setEditing] = useState<AdminBundleView | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'bundles'] });

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = bundleFields(form);
    const done = editing
      ? await change.run(() => adminChange<AdminBundleView>('PUT', `/bundles/${editing.id}`, { ...body, version: editing.version }), () => p('common.saved'))
      : await change.run(() => adminChange<AdminBundleView>('POST', '/bundles', body), () => p('common.created'));
    if (done) {
      setEditing(null);
      form.reset();
    }
    await reload();
  }
  async function endNow(b: AdminBundleView) {
    await end.run(() => adminChange('POST', `/bundles/${b.id}/end`, { version: b.version }), () => p('common.ended'));
    await reload();
  }

  return (
    <>
      <h1 className={styles.heading}>{p('bundles.heading')}</h1>
      <p>{p('bundles.lead')}</p>
      <section className={styles.section}>
        <h2>{editing ? p('common.editing', { id: editing.id }) : p('bundles.create')}</h2>
        <form key={editing?.id ?? 'new'} className={styles.form} onSubmit={save} aria-label={editing ? p('common.editing', { id: editing.id }) : p('bundles.create')}>
          <label className={styles.field}>
            {p('bundles.name')}
            <input name="name" required defaultValue={editing?.name} />
          </label>
          <label className={styles.field}>
            {p('bundles.bookIds')}
            <input name="bookIds" inputMode="numeric" required defaultValue={editing?.books.map((b) => b.id).join(', ')} />
          </label>
          <label className={styles.field}>
            {p('bundles.price')}
            <input name="price" type="number" min={0} step={1} required defaultValue={editing?.price} />
          </label>
          <label className={styles.field}>
            {p('bundles.start')}
            <input name="start" type="datetime-local" required defaultValue={editing?.start} />
          </label>
          <label className={styles.field}>
            {p('bundles.end')}
            <input name="end" type="datetime-local" defaultValue={editing?.end ?? ''} />
          </label>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" disabled={change.busy}>
              {editing ? p('common.save') : p('bundles.create')}
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
              {(['id', 'name', 'books', 'price', 'list', 'discount', 'period', 'state'] as const).map((c) => (
                <th key={c}>{p(`bundles.columns.${c}`)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {bundles.data?.bundles.map((b) => (
              <tr key={b.id}>
                <td className={styles.nowrap}>{b.id}</td>
                <td>{b.name}</td>
                <td>{b.books.map((book) => book.contentsName).join('、')}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{formatYen(b.price)}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{formatYen(b.listPrice)}</td>
                <td className={`${styles.number} ${styles.nowrap}`}>{p('bundles.discount', { rate: b.discountRate })}</td>
                <td>
                  <span className={styles.nowrap}>{p('common.from', { start: b.start.replace('T', ' ') })}</span>
                  <br />
                  <span className={styles.nowrap}>{b.end?.replace('T', ' ') ?? p('common.open')}</span>
                </td>
                <td className={styles.nowrap}>{b.onSale ? p('bundles.onSale') : p('bundles.offSale')}</td>
                <td>
                  <span className={styles.actions}>
                    <button className={styles.secondary} type="button" onClick={() => setEditing(b)} aria-label={`${p('common.edit')} ${b.name}`}>
                      {p('common.edit')}
                    </button>
                    {!b.ended && (
                      <button className={styles.secondary} type="button" onClick={() => endNow(b)} disabled={end.busy} aria-label={`${p('bundles.end_')} ${b.name}`}>
                        {p('bundles.end_')}
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
