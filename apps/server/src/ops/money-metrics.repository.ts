import type { Db } from '../db/schema';

/** The newest id among rows created at or before `settledAt` (0 when none). */
async function lastSettledId(db: Db, table: 'wallet_ledger' | 'orders', settledAt: number, after: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .where('id', '>', after)
    .where('created_at', '<=', settledAt)
    .executeTakeFirst();
  return Number(row?.id ?? 0) || after;
}

/** Ledger entries with ids in (after, upTo]: amounts summed per currency and kind. */
export async function ledgerTotalsBetween(db: Db, after: number, settledAt: number) {
  const upTo = await lastSettledId(db, 'wallet_ledger', settledAt, after);
  if (upTo <= after) return { upTo: after, rows: [] };
  const rows = await db
    .selectFrom('wallet_ledger')
    .select(['currency', 'kind', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .groupBy(['currency', 'kind'])
    .execute();
  return { upTo, rows: rows.map((r) => ({ currency: r.currency, kind: r.kind, amount: Number(r.amount) })) };
}

/** Orders with ids in (after, upTo]: counted per kind and status. */
export async function ordersBetween(db: Db, after: number, settledAt: number) {
  const upTo = await lastSettledId(db, 'orders', settledAt, after);
  if (upTo <= after) return { upTo: after, rows: [] };
  const rows = await db
    .selectFrom('orders')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .groupBy(['kind', 'status'])
    .execute();
  return { upTo, rows: rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) })) };
}
