import type { AuditList } from '@hondana/domain/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { adminCopy } from '../../../i18n/ja-admin';
import { adminGet } from '../api/admin-api';
import { fieldLabel, formatInstant } from './format';
import { jaAdmin } from '../../../i18n/ja-admin';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

const text = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);
/** A recorded value in Japanese where its field has names for its codes (a staff role: 運営, サポート, none as なし). */
const valueText = (key: string, value: unknown) =>
  key === 'role'
    ? value === 'operator' || value === 'support'
      ? adminCopy(`shell.role.${value}`)
      : adminCopy('audit.noRole')
    : text(value);

/** The fields an entry changed, `項目: 前 → 後` (or the values recorded when nothing was there before). */
function changes(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const n = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(n)])].filter(
    (k) => k !== 'version' && JSON.stringify(b[k]) !== JSON.stringify(n[k]),
  );
  return keys.map((k) =>
    before ? `${fieldLabel(k)}: ${valueText(k, b[k])} → ${valueText(k, n[k])}` : `${fieldLabel(k)}: ${valueText(k, n[k])}`,
  );
}

/** `/admin/audit`: every console change, newest first; read-only. */
export function AuditPage() {
  const audit = useQuery({ queryKey: ['admin', 'audit'], queryFn: () => adminGet<AuditList>('/audit') });
  return (
    <>
      <h1 className={styles.heading}>{adminCopy('audit.heading')}</h1>
      <p>{adminCopy('audit.lead')}</p>
      <TableWrap label={adminCopy('audit.heading')}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['at', 'who', 'action', 'subject', 'change', 'reason'] as const).map((c) => (
                <th key={c}>{adminCopy(`audit.columns.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {audit.data?.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatInstant(e.createdAt)}</td>
                <td>{e.actorEmail}</td>
                <td>{(jaAdmin.audit.actions as Record<string, string>)[e.action] ?? e.action}</td>
                <td>{e.subject}</td>
                <td>
                  <ul className={styles.json}>
                    {changes(e.before, e.after).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
                <td>{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
