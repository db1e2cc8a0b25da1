import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailConfig } from './mail-config';
import type { Mailer } from './mailer';
import { isNoticeKind } from './mail-kinds';
import { type OutboxRow, claimDue, markDone, markFailed, release, renewLease } from './outbox.repository';
import { isMailKind, renderMail } from './templates/render';
import { unsubscribeToken } from './unsubscribe';

/** Who a member's mail goes to when it is sent; null when they are gone (withdrawn). */
export type MailRecipient = (
  db: Kysely<Database>,
  userId: number,
) => Promise<{ email: string; nickname: string; mailNotices: boolean } | null>;

interface DrainDeps {
  mailer: Mailer;
  /** The store's address for links (PUBLIC_URL or the listening address), the From, the lease. */
  config: Pick<MailConfig, 'from' | 'leaseMs'> & { publicUrl: string };
  recipient: MailRecipient;
  /** The store's secret the unsubscribe links are signed with. */
  storeSecret: string;
  /** This process, as the outbox leases name it. */
  owner: string;
  /** The store's clock (epoch ms): each mail's lease is renewed at the instant it is sent. */
  clock: () => number;
}

/** Mails taken at once (their leases run while the ones before them are sent), and per run. */
const CLAIM = 10;
const PER_RUN = 50;
/** A mail that failed this many times is left FAILED (the console shows it). */
const MAX_ATTEMPTS = 8;

/** 1, 2, 4 … minutes after each failed try, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * One run of the `mail-outbox` job: takes the due mails (a lease per mail, `claimDue`), renders
 * and sends each, and marks it SENT. A failed send is tried again later with a growing delay; a
 * process that dies mid-send leaves its mails to the next process once their lease ends. The
 * Message-ID is the row's, so a mail that was sent but not yet marked when the process died is
 * the same message when sent again; the file mailer overwrites the same file.
 */
export async function drainOutbox(deps: DrainDeps, run: { db: Kysely<Database>; now: number; signal: AbortSignal }): Promise<number> {
  let sent = 0;
  for (let taken = 0; taken < PER_RUN && !run.signal.aborted;) {
    const rows = await claimDue(run.db, {
      owner: deps.owner,
      now: Math.max(run.now, deps.clock()),
      leaseMs: deps.config.leaseMs,
      limit: CLAIM,
    });
    taken += rows.length;
    for (const [index, row] of rows.entries()) {
      if (run.signal.aborted) {
        await release(
          run.db,
          rows.slice(index).map((r) => r.id),
          deps.owner,
        );
        break;
      }
      // Each mail's lease starts again right before it is sent; one whose lease ran out meanwhile
      // was taken by another process (which sends it) and is left alone.
      if (!(await renewLease(run.db, row.id, { owner: deps.owner, now: deps.clock(), leaseMs: deps.config.leaseMs }))) continue;
      if (await sendOne(deps, run.db, row, run.now)) sent += 1;
    }
    if (rows.length < CLAIM) break;
  }
  return sent;
}

async function sendOne(deps: DrainDeps, db: Kysely<Database>, row: OutboxRow, now: number): Promise<boolean> {
  try {
    if (!isMailKind(row.kind)) throw new Error(`unknown mail kind ${row.kind}`);
    const member = row.user_id === null ? null : await deps.recipient(db, row.user_id);
    const to = row.to_address ?? member?.email ?? null;
    const skip = to === null ? 'no recipient' : isNoticeKind(row.kind) && (!member || !member.mailNotices) ? 'notice mails off' : null;
    if (skip) {
      await markDone(db, row.id, { status: 'SKIPPED', to, messageId: null, now, note: skip });
      return false;
    }
    const unsubscribeUrl = isNoticeKind(row.kind) && row.user_id !== null ? unsubscribeLinks(deps, row.user_id, row.kind) : null;
    const mail = renderMail(row.kind, JSON.parse(row.payload), {
      nickname: member?.nickname ?? '',
      publicUrl: deps.config.publicUrl,
      unsubscribeUrl: unsubscribeUrl?.page,
    });
    const messageId = messageIdOf(row, deps.config.from);
    const headers: Record<string, string> = unsubscribeUrl
      ? { 'List-Unsubscribe': `<${unsubscribeUrl.api}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {};
    await deps.mailer.send({ outboxId: row.id, messageId, to: to!, ...mail, headers });
    await markDone(db, row.id, { status: 'SENT', to, messageId, now });
    return true;
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error).slice(0, 500);
    await markFailed(db, row.id, {
      owner: deps.owner,
      error: message,
      retryAt: row.attempts >= MAX_ATTEMPTS ? null : now + retryDelayMs(row.attempts),
    });
    return false;
  }
}

function unsubscribeLinks(deps: DrainDeps, userId: number, kind: OutboxRow['kind']) {
  const token = unsubscribeToken(deps.storeSecret, { userId, kind: kind as never });
  return {
    page: `${deps.config.publicUrl}/mail/unsubscribe?token=${token}`,
    api: `${deps.config.publicUrl}/api/mail/unsubscribe?token=${token}`,
  };
}

/** The same for every send of one row: `<hondana.{id}.{key digest}@{the From's domain}>`. */
function messageIdOf(row: OutboxRow, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'hondana.invalid';
  const key = createHash('sha256').update(row.event_key).digest('hex').slice(0, 16);
  return `<hondana.${row.id}.${key}@${domain}>`;
}
