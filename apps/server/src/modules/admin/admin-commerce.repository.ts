import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db/schema';

export const insertCoupon = async (db: Db, row: Insertable<Database['coupons']>): Promise<number> =>
  (await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const couponRow = (db: Db, couponId: number) => db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();

/** Coupons, newest first, with how many members hold and used each. */
export const couponRows = (db: Db) =>
  db
    .selectFrom('coupons as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('user_coupons as u')
        .select((u) => u.fn.countAll<number>().as('n'))
        .whereRef('u.coupon_id', '=', 'c.id')
        .as('held'),
      eb
        .selectFrom('user_coupons as u')
        .select((u) => u.fn.countAll<number>().as('n'))
        .whereRef('u.coupon_id', '=', 'c.id')
        .where('u.status', '=', 'USED')
        .as('used'),
    ])
    .orderBy('c.id', 'desc')
    .limit(200)
    .execute();

/** Gives the coupon to every current member (one copy each); returns how many. */
export async function giveToAllMembers(db: Db, couponId: number, now: number): Promise<number> {
  const result = await db
    .insertInto('user_coupons')
    .columns(['user_id', 'coupon_id', 'status', 'order_id', 'created_at', 'used_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          'users.id',
          s.val(couponId).as('coupon_id'),
          s.val('UNUSED').as('status'),
          s.val(null).as('order_id'),
          s.val(now).as('created_at'),
          s.val(null).as('used_at'),
        ])
        .where('withdrawn_at', 'is', null),
    )
    .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function giveToMembers(db: Db, couponId: number, userIds: number[], now: number): Promise<void> {
  for (const userId of userIds) {
    await db
      .insertInto('user_coupons')
      .values({ user_id: userId, coupon_id: couponId, status: 'UNUSED', order_id: null, created_at: now, used_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
      .execute();
  }
}

/** Member ids of the given emails and ids; the entries that match no member are returned apart. */
export async function resolveMembers(db: Db, entries: string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const emails = entries.filter((e) => e.includes('@')).map((e) => e.trim().toLowerCase());
  const numbers = entries.filter((e) => /^\d+$/.test(e.trim())).map((e) => Number(e.trim()));
  const found = new Map<string, number>();
  if (emails.length)
    for (const r of await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', emails)
      .where('withdrawn_at', 'is', null)
      .execute())
      found.set(r.email, r.id);
  if (numbers.length)
    for (const r of await db.selectFrom('users').select('id').where('id', 'in', numbers).where('withdrawn_at', 'is', null).execute())
      found.set(String(r.id), r.id);
  const unknown = entries.filter((e) => !found.has(e.includes('@') ? e.trim().toLowerCase() : e.trim()));
  return { ids: [...new Set(found.values())], unknown };
}

export const setCouponEnabled = (db: Db, couponId: number, enabled: boolean) =>
  db
    .updateTable('coupons')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', couponId)
    .executeTakeFirst();
