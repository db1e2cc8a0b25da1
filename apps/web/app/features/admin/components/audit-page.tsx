import type { AuditList } from '@hondana/domain/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { adminCopy as a } from '../../../i18n/ja-admin';
import { adminGet } from '../api/admin-api';
import { fieldLabel, formatInstant } from './format';
import { jaAdmin } from '../../../i18n/ja-admin';
import styles from './admin.module.css';

const text = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The fields an entry changed, `項目: 前 → 後` (or the values recorded when nothing was there before). */
function changes(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'version' && JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return keys.map((k) => (before ? `${fieldLabel(k)}: ${text(b[k])} → ${text(a[k])}` : `${fieldLabel(k)}: ${text(a[k])}`));
}

/** `/admin/audit`: every console change, newest first; read-only. */
export function AuditPage() {
  const audit = useQuery({ queryKey: ['admin', 'audit'], queryFn: () => adminGet<AuditList>('/audit') });
  return (
    <>
      <h1 className={styles.heading}>{a('audit.heading')}</h1>
      <p>{a('audit.lead')}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['at', 'who', 'action', 'subject', 'change', 'reason'] as const).map((c) => (
                <th key={c}>{a(`audit.columns.${c}`)}</th>
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
      </div>
    </>
  );
}
