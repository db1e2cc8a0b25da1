import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { sendStored } from '../../http/stored-reply';
import { withRetry } from '../ledger/ledger';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { type Capability, type Staff, requireStaff } from './admin-guard';
import { type AuditEntry, writeAudit } from './audit.repository';
import { catalogChanged } from './catalog-changed';
import { type ChangeTopic, recordChange } from '../../ops/store-changes';

export const ADMIN_TOKEN_PURPOSE = 'admin';

/**
 * One console change: its one-time token claimed, the change made, and its audit entries
 * written, all in one transaction. A replayed token returns the first answer and changes nothing.
 */
export function adminMutation<T>(
  db: Kysely<Database>,
  staff: Staff,
  use: { token: string; request: unknown; now: number },
  change: (trx: Transaction<Database>) => Promise<{ body: T; audit: AuditEntry[] }>,
  /** What the change touches that other processes cache: counted in the same transaction. */
  topic?: ChangeTopic,
): Promise<StoredResponse<T>> {
  return withOneTimeToken(
    db,
    { token: use.token, userId: staff.userId, purpose: ADMIN_TOKEN_PURPOSE, request: use.request, now: use.now },
    async (trx) => {
      const { body, audit } = await change(trx);
      for (const entry of audit) await writeAudit(trx, staff, entry, use.now);
      if (topic) await recordChange(trx, topic, use.now);
      return { body };
    },
  );
}

/** What a console change route says of its change, beside the change itself. */
interface StaffChangeUse {
  /** What the caller's role must allow (`requireStaff`: 401 for a guest, 403 for too small a role). */
  capability: Capability;
  /** The one-time token the console fetched for this change (`/admin/create_token`). */
  token: string;
  /** What the token records of the request: sent again it replays the first answer; another request with it is refused. */
  request: unknown;
  /** What the change touches that processes cache: counted in its transaction, and this process's caches dropped before the answer (`catalogChanged`). */
  topic?: ChangeTopic;
  /** Run the change again while a wallet spend races it (`withRetry`: the money actions). */
  retry?: boolean;
  /** Turns the change's error into the route's own refusal (it throws). */
  refused?: (error: unknown) => Promise<never>;
  /** Work outside the transaction once the change was made (a 200, not a replay): files it made stale, before the answer. */
  afterChange?: () => Promise<void>;
}

/** An operator's change to what the store shows: its cached pages follow (decision 018). */
export const operatorCatalogChange = (token: string, request: unknown): StaffChangeUse => ({
  capability: 'everything',
  token,
  request,
  topic: 'catalog',
});

/** The change itself, in the token's transaction: the answer and the audit entries, at the request's one instant. */
type StaffChange<T> = (trx: Transaction<Database>, now: number, staff: Staff) => Promise<{ body: T; audit: AuditEntry[] }>;

/**
 * A console change route's work: the caller's role checked, then `adminMutation` (token, change,
 * audit, store change in one transaction), then what follows a made change; the stored answer
 * (first time or replayed) is returned for the route to send.
 */
export async function staffChange<T>(request: FastifyRequest, use: StaffChangeUse, change: StaffChange<T>): Promise<StoredResponse<T>> {
  const staff = await requireStaff(request, use.capability);
  const { db } = request.server.deps.database;
  const now = request.server.deps.clock().getTime();
  const mutate = () =>
    adminMutation(db, staff, { token: use.token, request: use.request, now }, (trx) => change(trx, now, staff), use.topic);
  const { refused } = use;
  const made = use.retry ? withRetry(mutate) : mutate();
  const result = await (refused ? made.catch(refused) : made);
  if (use.afterChange && result.status === 200 && !result.replayed) await use.afterChange();
  if (use.topic) await catalogChanged(request.server);
  return result;
}

/** `staffChange`, its stored answer sent through the route's response schema: most console change routes are this one call. */
export async function sendStaffChange<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  use: StaffChangeUse,
  change: StaffChange<T>,
): Promise<FastifyReply> {
  return sendStored(reply, await staffChange(request, use, change));
}
