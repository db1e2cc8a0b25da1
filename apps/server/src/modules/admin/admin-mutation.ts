import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import type { Staff } from './admin-guard';
import { type AuditEntry, writeAudit } from './audit.repository';
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
