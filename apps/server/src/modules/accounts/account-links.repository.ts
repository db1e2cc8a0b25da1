import type { AccountLinksTable, Db } from '../../db/schema';

export type LinkPurpose = AccountLinksTable['purpose'];

export async function insertLink(db: Db, link: Omit<AccountLinksTable, 'used_at'>): Promise<void> {
  await db
    .insertInto('account_links')
    .values({ ...link, used_at: null })
    .execute();
}

/** The member's unused links of `purposes` stop working (a newer one was sent, or the password changed). */
export async function voidLinks(db: Db, userId: number, purposes: readonly LinkPurpose[], now: number): Promise<void> {
  await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses the link once: one conditional update from unused and unexpired to used, so of two
 * requests with the same link one gets the member and the other nothing.
 */
export async function consumeLink(db: Db, q: { tokenHash: string; purposes: readonly LinkPurpose[]; now: number }) {
  return db
    .updateTable('account_links')
    .set({ used_at: q.now })
    .where('token_hash', '=', q.tokenHash)
    .where('purpose', 'in', [...q.purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', q.now)
    .returning(['user_id', 'purpose', 'email'])
    .executeTakeFirst();
}

export async function deleteLinksOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('account_links').where('user_id', '=', userId).execute();
}

/** The address a change is waiting to be confirmed for (the newest unused, unexpired change link). */
export async function pendingEmailChange(db: Db, userId: number, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('account_links')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'EMAIL_CHANGE')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}
