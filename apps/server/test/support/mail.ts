import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MailMessage, Mailer } from '../../src/modules/mail/mailer';
import type { Database } from '../../src/db/schema';

/** The outbox rows of `kind` for a member (or an address), oldest first, with their data parsed. */
export async function outboxMails(db: Kysely<Database>, q: { kind?: string; userId?: number; to?: string } = {}) {
  let query = db.selectFrom('mail_outbox').selectAll().orderBy('id');
  if (q.kind) query = query.where('kind', '=', q.kind);
  if (q.userId !== undefined) query = query.where('user_id', '=', q.userId);
  if (q.to) query = query.where('to_address', '=', q.to);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.payload) as Record<string, unknown> }));
}

/** The page and token of the newest link mail of `kind` not sent yet (`/password_reset/confirm?token=…`). */
export async function mailedLink(
  db: Kysely<Database>,
  q: { kind: string; userId?: number; to?: string },
): Promise<{ path: string; token: string }> {
  const rows = await outboxMails(db, q);
  const link = rows.reverse().find((r) => typeof r.data.link === 'string')?.data.link as string | undefined;
  if (!link) throw new Error(`no ${q.kind} mail with a link in the outbox`);
  return { path: link, token: new URL(link, 'http://store.invalid').searchParams.get('token')! };
}

/** A mailer that keeps what it is given (and fails while `failing` is set). */
export function capturingMailer() {
  const sent: MailMessage[] = [];
  const state = { failing: false };
  const mailer: Mailer = {
    kind: 'files',
    async send(message) {
      if (state.failing) throw new Error('smtp: 451 try again later');
      sent.push(message);
    },
    close() {},
  };
  return { mailer, sent, state };
}

/** Runs the outbox job now (as the scheduler would), returning how many mails it sent. */
export async function drainMail(app: FastifyInstance): Promise<number> {
  const runs = await app.ops.scheduler.runDue();
  const run = runs.find((r) => r.name === 'mail-outbox');
  if (run?.outcome === 'failed') throw run.error;
  // The job's next run is due a moment later: make it due again for the next call.
  await app.deps.database.db.updateTable('scheduler_jobs').set({ next_run_at: 0 }).where('name', '=', 'mail-outbox').execute();
  return run?.items ?? 0;
}
