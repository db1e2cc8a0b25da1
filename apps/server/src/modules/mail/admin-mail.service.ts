import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminMailList, AdminMailMessage } from '@hondana/domain/mail/mail-api';
import { notFound } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import type { Database } from '../../db/schema';
import { type Mailer, emlFileName, mailFolder } from './mailer';
import { mailById, recentMails } from './outbox.repository';

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/** `/admin/mail`: the outbox, newest first (the console's operators see every mail's state). */
export async function listMails(db: Kysely<Database>, mailer: Mailer, limit = 100): Promise<AdminMailList> {
  const rows = await recentMails(db, limit);
  return {
    transport: mailer.kind,
    mails: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      userId: r.user_id,
      to: r.to_address,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: iso(Number(r.created_at))!,
      sentAt: iso(r.sent_at),
      hasFile: mailer.kind === 'files' && r.status === 'SENT',
    })),
  };
}

/** One sent mail's `.eml` file, read back as a mail client would (headers decoded, the text part). */
export async function readMailFile(db: Kysely<Database>, dataDir: string, id: number): Promise<AdminMailMessage> {
  const row = await mailById(db, id);
  if (!row || row.status !== 'SENT') throw notFound('mail');
  let raw: Buffer;
  try {
    raw = await readFile(path.join(mailFolder(dataDir), emlFileName(id)));
  } catch {
    throw notFound('mail file');
  }
  const parsed = await simpleParser(raw);
  const unsubscribe = parsed.headers.get('list-unsubscribe');
  return {
    id,
    subject: parsed.subject ?? '',
    from: parsed.from?.text ?? '',
    to: [parsed.to ?? []]
      .flat()
      .map((a) => a.text)
      .join(', '),
    date: parsed.date ? parsed.date.toISOString() : null,
    messageId: parsed.messageId ?? null,
    listUnsubscribe: typeof unsubscribe === 'string' ? unsubscribe : unsubscribe ? JSON.stringify(unsubscribe) : null,
    text: parsed.text ?? '',
  };
}
