import { useQuery } from '@tanstack/react-query';
import { adminCopy as a } from '../../../i18n/ja-admin';
import { type AuditEntry, adminGet } from '../api/admin-api';
import { formatInstant } from './format';
import styles from './admin.module.css';

const shown = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1));

/** `/admin/audit`: every console change, newest first; read-only. */
export function AuditPage() {
  const audit = useQuery({ queryKey: ['admin', 'audit'], queryFn: () => adminGet<{ entries: AuditEntry[] }>('/audit') });
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
                <td>{e.action}</td>
                <td>{e.subject}</td>
                <td>
                  <pre className={styles.json}>{shown(e.after ?? e.before)}</pre>
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
