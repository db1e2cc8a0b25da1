import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mailRecipientOf } from './accounts.repository';

/**
 * Where a member's mail goes when it is sent (the mail area asks through `app.ts`): their
 * address and nickname now; undefined when they withdrew or were suspended.
 */
export async function memberMailAddress(db: Kysely<Database>, userId: number): Promise<{ email: string; nickname: string } | undefined> {
  return mailRecipientOf(db, userId);
}
