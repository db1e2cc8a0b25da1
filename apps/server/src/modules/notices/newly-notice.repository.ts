import type { Db } from '../../db/schema';

/**
 * Switches the title's newly notice on when the member never set notices for this title (no
 * row): one INSERT … ON CONFLICT DO NOTHING, so two readers finishing at once make one row and
 * a member's earlier choice (on or off) stays. True when this call switched it on.
 */
export async function enableTitleNoticeIfUnset(db: Db, userId: number, titleId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('newly_notice_settings')
    .values({
      user_id: userId,
      title_id: titleId,
      title_status: 1,
      author_status: 0,
      title_since: now,
      author_since: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
