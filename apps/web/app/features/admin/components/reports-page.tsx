import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { jaAdmin, adminCopy } from '../../../i18n/ja-admin';
import { apiUrl } from '../../../lib/api/client';
import type { SalesReport, SalesRow, UnusedBalanceReport } from '@hondana/domain/admin/admin-api';
import { adminGet } from '../api/admin-api';
import { CoinPackSales, TopTitles } from './reports-top';
import { formatYen } from './format';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

interface SalesQuery {
  from: string;
  to: string;
  by: 'day' | 'title';
}

/** The last 3/31 or 9/30 on or before `today` (YYYY-MM-DD). */
function lastReferenceDate(today: string): string {
  const year = Number(today.slice(0, 4));
  const candidates = [`${year}-09-30`, `${year}-03-31`, `${year - 1}-09-30`];
  return candidates.find((d) => d <= today)!;
}

/** `/admin/reports`: sales by day or by title (yen, coins, points, free) and the 資金決済法 unused balance, each with CSV. */
export function ReportsPage({ today }: { today: string }) {
  const [sales, setSales] = useState<SalesQuery>({ from: `${today.slice(0, 8)}01`, to: today, by: 'day' });
  const [date, setDate] = useState(lastReferenceDate(today));
  const report = useQuery({ queryKey: ['admin', 'sales', sales], queryFn: () => adminGet<SalesReport>('/reports/sales', { ...sales }) });
  const unused = useQuery({
    queryKey: ['admin', 'unused', date],
    queryFn: () => adminGet<UnusedBalanceReport>('/reports/unused_balance', { date }),
  });

  function show(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setSales({ from: String(f.get('from')), to: String(f.get('to')), by: f.get('by') === 'title' ? 'title' : 'day' });
  }
  const row = (r: SalesRow, label: string) => (
    <tr key={r.key}>
      <td>{label}</td>
      <td className={styles.number}>{formatYen(r.orders)}</td>
      <td className={styles.number}>{formatYen(r.books)}</td>
      <td className={styles.number}>{formatYen(r.yen)}</td>
      <td className={styles.number}>{formatYen(r.coins)}</td>
      <td className={styles.number}>{formatYen(r.points)}</td>
      <td className={styles.number}>{formatYen(r.freeBooks)}</td>
    </tr>
  );
  const year = Number(today.slice(0, 4));
  return (
    <>
      <h1 className={styles.heading}>{adminCopy('reports.heading')}</h1>
      <section className={styles.section}>
        <h2>{adminCopy('reports.sales')}</h2>
        <form className={styles.form} onSubmit={show} aria-label={adminCopy('reports.sales')}>
          <label className={styles.field}>
            {adminCopy('reports.from')}
            <input name="from" type="date" defaultValue={sales.from} required />
          </label>
          <label className={styles.field}>
            {adminCopy('reports.to')}
            <input name="to" type="date" defaultValue={sales.to} required />
          </label>
          <label className={styles.field}>
            {adminCopy('reports.by')}
            <select name="by" defaultValue={sales.by}>
              <option value="day">{adminCopy('reports.byDay')}</option>
              <option value="title">{adminCopy('reports.byTitle')}</option>
            </select>
          </label>
          <div className={styles.actions}>
            <button className={styles.button} type="submit">
              {adminCopy('reports.show')}
            </button>
            <a className={styles.secondary} href={apiUrl('/admin/reports/sales', { ...sales, format: 'csv' })} download>
              {adminCopy('common.csv')}
            </a>
          </div>
        </form>
        {report.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
        {report.data && (
          <TableWrap label={adminCopy('reports.sales')}>
            <table className={styles.table} aria-label={adminCopy('reports.sales')}>
              <thead>
                <tr>
                  {(['key', 'orders', 'books', 'yen', 'coins', 'points', 'free'] as const).map((c) => (
                    <th key={c} className={c === 'key' ? undefined : styles.number}>
                      {adminCopy(`reports.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((r) => row(r, r.label))}
                {row(report.data.total, adminCopy('reports.total'))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </section>
      <TopTitles from={sales.from} to={sales.to} />
      <CoinPackSales from={sales.from} to={sales.to} />
      <section className={styles.section}>
        <h2>{adminCopy('reports.unused')}</h2>
        <div className={styles.actions}>
          <label className={styles.field}>
            {adminCopy('reports.referenceDate')}
            <input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
          </label>
          <button className={styles.secondary} type="button" onClick={() => setDate(`${year}-03-31`)}>
            {year}年{adminCopy('reports.march')}
          </button>
          <button className={styles.secondary} type="button" onClick={() => setDate(`${year}-09-30`)}>
            {year}年{adminCopy('reports.september')}
          </button>
          <a className={styles.secondary} href={apiUrl('/admin/reports/unused_balance', { date, format: 'csv' })} download>
            {adminCopy('common.csv')}
          </a>
        </div>
        {unused.data && (
          <table className={styles.table} aria-label={adminCopy('reports.unused')}>
            <thead>
              <tr>
                <th>{adminCopy('reports.unusedColumns.currency')}</th>
                <th className={styles.number}>{adminCopy('reports.unusedColumns.coins')}</th>
                <th className={styles.number}>{adminCopy('reports.unusedColumns.yen')}</th>
              </tr>
            </thead>
            <tbody>
              {unused.data.byCurrency.map((c) => (
                <tr key={c.currency}>
                  <td>{jaAdmin.reports.currencies[c.currency as keyof typeof jaAdmin.reports.currencies] ?? c.currency}</td>
                  <td className={styles.number}>{formatYen(c.coins)}</td>
                  <td className={styles.number}>{formatYen(c.yen)}</td>
                </tr>
              ))}
              <tr>
                <td>{adminCopy('reports.total')}</td>
                <td />
                <td className={styles.number}>{formatYen(unused.data.totalYen)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
