import type { AdminMailList, AdminMailMessage } from '@hondana/domain/mail/mail-api';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { jaAdminMail, mailCopy } from '../../../i18n/ja-admin-mail';
import { adminGet } from '../api/admin-api';
import { formatInstant } from './format';
import styles from './admin.module.css';
import { TableWrap } from './table-wrap';

/** A mail's text with its addresses as links (the links a reader of the mail would open). */
function withLinks(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

function MailMessage({ id, onClose }: { id: number; onClose: () => void }) {
  const message = useQuery({ queryKey: ['admin', 'mail', id], queryFn: () => adminGet<AdminMailMessage>(`/mail/${id}`) });
  const mail = message.data;
  return (
    <section aria-label={mail?.subject ?? String(id)}>
      {mail && (
        <>
          <dl>
            {(['subject', 'from', 'to', 'date'] as const).map((field) => (
              <div key={field}>
                <dt>{mailCopy(`message.${field}`)}</dt>
                <dd>{field === 'date' && mail.date ? formatInstant(Date.parse(mail.date)) : mail[field]}</dd>
              </div>
            ))}
            {mail.listUnsubscribe && (
              <div>
                <dt>{mailCopy('message.unsubscribe')}</dt>
                <dd>{mail.listUnsubscribe}</dd>
              </div>
            )}
          </dl>
          <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{withLinks(mail.text)}</pre>
        </>
      )}
      <button type="button" onClick={onClose}>
        {mailCopy('message.close')}
      </button>
    </section>
  );
}

/** `/admin/mail`: the outbox, newest first; with the file mailer (no SMTP) each sent mail opens as its reader would see it. */
export function MailPage() {
  const list = useQuery({ queryKey: ['admin', 'mail'], queryFn: () => adminGet<AdminMailList>('/mail'), refetchInterval: 5000 });
  const [open, setOpen] = useState<number | null>(null);
  const kinds = jaAdminMail.kinds as Record<string, string>;
  return (
    <>
      <h1 className={styles.heading}>{mailCopy('heading')}</h1>
      {list.data && <p>{list.data.transport === 'files' ? mailCopy('leadFiles') : mailCopy('leadSmtp')}</p>}
      {open !== null && <MailMessage id={open} onClose={() => setOpen(null)} />}
      {list.data?.mails.length === 0 && <p>{mailCopy('empty')}</p>}
      <TableWrap label={mailCopy('heading')}>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['id', 'created', 'kind', 'to', 'status', 'attempts', 'open'] as const).map((c) => (
                <th key={c}>{mailCopy(`columns.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.data?.mails.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.id}</td>
                <td>{formatInstant(Date.parse(mail.createdAt))}</td>
                <td>{kinds[mail.kind] ?? mail.kind}</td>
                <td>{mail.to ?? (mail.userId !== null ? mailCopy('member', { id: mail.userId }) : '—')}</td>
                <td title={mail.lastError ?? undefined}>{mailCopy(`statuses.${mail.status}`)}</td>
                <td>{mail.attempts}</td>
                <td>
                  {mail.hasFile && (
                    <button
                      type="button"
                      aria-label={`${mailCopy('open')} ${mail.id} ${kinds[mail.kind] ?? mail.kind} ${mail.to ?? ''}`}
                      onClick={() => setOpen(mail.id)}
                    >
                      {mailCopy('open')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
