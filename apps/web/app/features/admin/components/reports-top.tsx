import type { CoinPackSalesReport, TopTitlesReport } from '@hondana/domain/admin/admin-serials-api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { jaAdmin, adminCopy } from '../../../i18n/ja-admin';
import { apiUrl } from '../../../lib/api/client';
import { type CoinPackSalesRow, adminGet } from '../api/admin-api';
import { formatYen } from './format';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

const LIMITS = [10, 20, 50, 100] as const;

/** The titles that sold most in the sales report's period (yen and coins), with CSV. */
export function TopTitles({ from, to }: { from: string; to: string }) {
  const [limit, setLimit] = useState<number>(10);
  const report = useQuery({
    queryKey: ['admin', 'top-titles', from, to, limit],
    queryFn: () => adminGet<TopTitlesReport>('/reports/top_titles', { from, to, limit }),
  });
  return (
    <section className={styles.section}>
      <h2>{adminCopy('reports.topTitles')}</h2>
      <div className={styles.actions}>
        <label className={styles.field}>
          {adminCopy('reports.limit')}
          <select value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <a className={styles.secondary} href={apiUrl('/admin/reports/top_titles', { from, to, limit, format: 'csv' })} download>
          {adminCopy('common.csv')}
        </a>
      </div>
      {report.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
      {report.data && report.data.rows.length === 0 && <p>{adminCopy('common.none')}</p>}
      {report.data && report.data.rows.length > 0 && (
        <TableWrap label={adminCopy('reports.topTitles')}>
          <table className={styles.table} aria-label={adminCopy('reports.topTitles')}>
            <thead>
              <tr>
                {(['rank', 'name', 'orders', 'books', 'yen', 'coins'] as const).map((c) => (
                  <th key={c} className={c === 'name' ? undefined : styles.number}>
                    {adminCopy(`reports.topColumns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((r) => (
                <tr key={r.titleId}>
                  <td className={styles.number}>{r.rank}</td>
                  <td>{r.name}</td>
                  <td className={styles.number}>{formatYen(r.orders)}</td>
                  <td className={styles.number}>{formatYen(r.books)}</td>
                  <td className={styles.number}>{formatYen(r.yen)}</td>
                  <td className={styles.number}>{formatYen(r.coins)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

const paymentLabel = (type: string) => jaAdmin.codes.payment[type as keyof typeof jaAdmin.codes.payment] ?? type;

/** Manga coins paid for in the sales report's period (coin packs, subscriptions and their renewals), per payment type, with CSV. */
export function CoinPackSales({ from, to }: { from: string; to: string }) {
  const report = useQuery({
    queryKey: ['admin', 'coin-packs', from, to],
    queryFn: () => adminGet<CoinPackSalesReport>('/reports/coin_packs', { from, to }),
  });
  const row = (r: CoinPackSalesRow, label: string) => (
    <tr key={`${r.source}-${label}`}>
      <td>{r.source === 'total' ? '' : adminCopy(`reports.coinSources.${r.source}`)}</td>
      <td>{label}</td>
      <td className={styles.number}>{formatYen(r.orders)}</td>
      <td className={styles.number}>{formatYen(r.yen)}</td>
      <td className={styles.number}>{formatYen(r.coins)}</td>
      <td className={styles.number}>{formatYen(r.bonus)}</td>
    </tr>
  );
  return (
    <section className={styles.section}>
      <h2>{adminCopy('reports.coinPacks')}</h2>
      <div className={styles.actions}>
        <a className={styles.secondary} href={apiUrl('/admin/reports/coin_packs', { from, to, format: 'csv' })} download>
          {adminCopy('common.csv')}
        </a>
      </div>
      {report.isError && <p className={styles.error}>{adminCopy('common.failed')}</p>}
      {report.data && (
        <TableWrap label={adminCopy('reports.coinPacks')}>
          <table className={styles.table} aria-label={adminCopy('reports.coinPacks')}>
            <thead>
              <tr>
                {(['source', 'payment', 'orders', 'yen', 'coins', 'bonus'] as const).map((c) => (
                  <th key={c} className={c === 'payment' || c === 'source' ? undefined : styles.number}>
                    {adminCopy(`reports.coinPackColumns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((r) => row(r, paymentLabel(r.paymentType)))}
              {row(report.data.total, adminCopy('reports.total'))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
