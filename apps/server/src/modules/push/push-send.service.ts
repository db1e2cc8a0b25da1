import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema';
import { isPushKind, renderPush } from './push-notices';
import { claimDuePushes, deleteSubscriptionById, finishPush, retryPush, subscriptionsOf } from './push.repository';
import type { VapidKeys } from './vapid';

interface PushSendDeps {
  vapid: VapidKeys;
  /** The VAPID subject push services may contact the store by (`mailto:` the From of its mail). */
  subject: string;
  agent?: Agent | undefined;
}

/** Pushes taken at once, and how long one is held before another run may take it again. */
const CLAIM = 20;
const HOLD_MS = 5 * 60 * 1000;
/** A push every browser of which failed (not gone) this many times is left FAILED. */
const MAX_PUSH_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** The push service's answers that mean the browser's subscription is gone for good. */
const GONE = new Set([404, 410]);

/**
 * One run of the `push-outbox` job: each due push goes, encrypted for each browser (RFC 8291) and
 * signed with the store's VAPID key (RFC 8292), to every push service endpoint the member has.
 * A browser whose service answers 404 or 410 has unsubscribed: its row is deleted. A push whose
 * browsers all failed otherwise is tried again later with a growing delay. A repeat shows as the
 * same notification (its `tag` and the push `Topic` are the event's).
 */
export async function drainPushes(deps: PushSendDeps, run: { db: Kysely<Database>; now: number; signal: AbortSignal }): Promise<number> {
  let sent = 0;
  const rows = await claimDuePushes(run.db, { now: run.now, holdMs: HOLD_MS, limit: CLAIM });
  for (const row of rows) {
    if (run.signal.aborted) break;
    if (!isPushKind(row.kind)) {
      await finishPush(run.db, row.id, { status: 'FAILED', now: run.now, note: `unknown push kind ${row.kind}` });
      continue;
    }
    const browsers = await subscriptionsOf(run.db, row.user_id);
    if (browsers.length === 0) {
      await finishPush(run.db, row.id, { status: 'SKIPPED', now: run.now, note: 'no browser takes push notices' });
      continue;
    }
    const message = JSON.stringify(renderPush(row.kind, JSON.parse(row.payload), row.event_key));
    const topic = createHash('sha256').update(row.event_key).digest('base64url').slice(0, 32);
    let delivered = 0;
    const errors: string[] = [];
    for (const browser of browsers) {
      try {
        await webpush.sendNotification({ endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } }, message, {
          vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
          TTL: 24 * 60 * 60,
          topic,
          timeout: 10_000,
          ...(deps.agent ? { agent: deps.agent } : {}),
        });
        delivered += 1;
      } catch (error) {
        if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) await deleteSubscriptionById(run.db, browser.id);
        else errors.push(describe(error));
      }
    }
    const note = errors.length > 0 ? errors.join('; ').slice(0, 500) : null;
    if (delivered > 0 || errors.length === 0) {
      await finishPush(run.db, row.id, {
        status: delivered > 0 ? 'SENT' : 'SKIPPED',
        now: run.now,
        note: note ?? (delivered > 0 ? null : 'every browser had unsubscribed'),
      });
      if (delivered > 0) sent += 1;
    } else if (row.attempts >= MAX_PUSH_ATTEMPTS) {
      await finishPush(run.db, row.id, { status: 'FAILED', now: run.now, note });
    } else {
      await retryPush(run.db, row.id, { retryAt: run.now + retryDelayMs(row.attempts), error: note! });
    }
  }
  return sent;
}

function describe(error: unknown): string {
  if (error instanceof webpush.WebPushError) return `push service: ${error.statusCode} ${error.body || error.message}`.trim();
  return String(error instanceof Error ? error.message : error);
}
