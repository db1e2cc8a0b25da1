import type { Db } from '../../db/schema';

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
