import { type Insertable, sql } from 'kysely';
import type { Database, Db } from '../../../db/schema';

/**
 * The writes of a campaign's prizes and tickets that the console's lottery editor makes (issue 43:
 * the campaigns area owns `lottery_prizes` and `lottery_tickets`: its draws take a prize's stock
 * and its purchases and reads grant the tickets). Each takes the editor's transaction.
 */

/** No unused ticket outlives the campaign: those lasting past its (new) end now end with it. */
export async function endTicketsBy(db: Db, campaignId: number, end: number): Promise<void> {
  await db
    .updateTable('lottery_tickets')
    .set({ expires_at: end })
    .where('campaign_id', '=', campaignId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', end)
    .execute();
}

export type PrizeColumns = Omit<Insertable<Database['lottery_prizes']>, 'id' | 'box_id' | 'stock' | 'remaining'>;

export const insertPrize = (db: Db, row: Insertable<Database['lottery_prizes']>) => db.insertInto('lottery_prizes').values(row).execute();
export const deletePrize = (db: Db, id: number) => db.deleteFrom('lottery_prizes').where('id', '=', id).execute();

/**
 * A saved prize's fields, and its stock: what is left follows the new stock less what members have
 * drawn, in one conditional statement (a limited prize: its left plus the change, the draw's own
 * counter; an unlimited one made limited: the stock less its draws). False when the stock would
 * fall below what was drawn.
 */
export async function updatePrize(db: Db, id: number, row: PrizeColumns, stock: number | null): Promise<boolean> {
  const drawn = sql<number>`(select count(*) from lottery_draws where lottery_draws.prize_id = lottery_prizes.id)`;
  const left = sql<number>`case when stock is null then ${stock} - ${drawn} else remaining + (${stock} - stock) end`;
  let query = db
    .updateTable('lottery_prizes')
    .set(stock === null ? { ...row, stock: null, remaining: null } : { ...row, stock, remaining: left })
    .where('id', '=', id);
  if (stock !== null) query = query.where(left, '>=', 0);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
