import type { Currency, LedgerKind } from '@hondana/domain/wallet/wallet-lots';
import { PostgresAdapter, type Transaction, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, Db } from '../../db/schema';

/**
 * The statements of the money core (ledger.ts holds its rules): lots, and ledger entries that
 * are only ever appended. Each conditional update answers whether it won, so the caller can
 * treat a lost race as a conflict.
 */
type Trx = Transaction<Database>;

// The statements of a purchase's grants and spends, built once (see preparedQuery).
const insertLotStatement = preparedQuery(
  (
    db,
    $: {
      userId: number;
      currency: Currency;
      amount: number;
      paid: 0 | 1;
      yenValue: number;
      now: number;
      expiresAt: number;
      orderId: number | null;
      campaignId: number | null;
    },
  ) =>
    db
      .insertInto('wallet_lots')
      .values({
        user_id: $.userId,
        currency: $.currency,
        amount: $.amount,
        remaining: $.amount,
        paid: $.paid,
        yen_value: $.yenValue,
        issued_at: $.now,
        expires_at: $.expiresAt,
        expired_at: null,
        order_id: $.orderId,
        campaign_id: $.campaignId,
      })
      .returning('id'),
);

interface EntryParams {
  userId: number;
  currency: Currency;
  lotId: number;
  kind: LedgerKind;
  amount: number;
  orderId: number | null;
  reason: string;
  now: number;
}

/** Ledger entries, `count` of them in one statement; entry i's values are `${name}${i}` of `$`. */
const insertEntries = preparedQuery((db, $: Record<string, EntryParams[keyof EntryParams]>, count: number) =>
  db.insertInto('wallet_ledger').values(
    Array.from({ length: count }, (_, i) => ({
      user_id: $[`userId${i}`] as number,
      currency: $[`currency${i}`] as Currency,
      lot_id: $[`lotId${i}`] as number,
      kind: $[`kind${i}`] as LedgerKind,
      amount: $[`amount${i}`] as number,
      order_id: $[`orderId${i}`] as number | null,
      reason: $[`reason${i}`] as string,
      created_at: $[`now${i}`] as number,
    })),
  ),
);

/** Writes ledger entries in order, up to 8 a statement (so few statement variants are kept). */
export async function writeEntries(trx: Trx, entries: readonly EntryParams[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 8) {
    const batch = entries.slice(start, start + 8);
    const params: Record<string, EntryParams[keyof EntryParams]> = {};
    batch.forEach((entry, i) => {
      for (const [name, value] of Object.entries(entry)) params[`${name}${i}`] = value as EntryParams[keyof EntryParams];
    });
    await insertEntries.execute(trx, params, batch.length);
  }
}

export async function insertLot(
  trx: Trx,
  lot: {
    userId: number;
    currency: Currency;
    amount: number;
    paid: boolean;
    yenValue: number;
    now: number;
    expiresAt: number;
    orderId: number | null;
    campaignId: number | null;
  },
): Promise<number> {
  const { rows } = await insertLotStatement.execute(trx, { ...lot, paid: lot.paid ? 1 : 0 });
  return rows[0]!.id;
}

const selectUsableLots = preparedQuery((db, $: { userId: number; currency: Currency; now: number }, lock: boolean) => {
  const query = db
    .selectFrom('wallet_lots')
    .select(['id', 'remaining', 'paid', 'expires_at'])
    .where('user_id', '=', $.userId)
    .where('currency', '=', $.currency)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', $.now)
    .where('remaining', '>', 0)
    .orderBy('expires_at')
    .orderBy('paid')
    .orderBy('id');
  return lock ? query.forUpdate() : query;
});

/** Usable lots of one currency in spend order (earliest expiry, bonus before paid); locked on PostgreSQL when asked. */
export async function findUsableLots(db: Db, userId: number, currency: Currency, now: number, lock: boolean) {
  const forUpdate = lock && db.getExecutor().adapter instanceof PostgresAdapter;
  return (await selectUsableLots.execute(db, { userId, currency, now }, forUpdate)).rows;
}

const drawFromLotStatement = preparedQuery((db, $: { lotId: number; amount: number }) =>
  db
    .updateTable('wallet_lots')
    .set({ remaining: sql<number>`remaining - ${$.amount}` })
    .where('id', '=', $.lotId)
    .where('remaining', '>=', $.amount)
    .where('expired_at', 'is', null),
);

/** Takes `amount` from a live lot that still holds it; false when the lot changed meanwhile. */
export async function drawFromLot(trx: Trx, lotId: number, amount: number): Promise<boolean> {
  return (await drawFromLotStatement.execute(trx, { lotId, amount })).numAffectedRows === 1n;
}

/** Balance of one currency: the sum of what remains of unexpired lots (a one-row query). */
export function balanceQuery(db: Db, userId: number, currency: Currency, now: number) {
  return db
    .selectFrom('wallet_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now);
}

/** The member's balance of every currency they hold, in one statement (a currency with nothing is absent). */
export function balancesByCurrency(db: Db, userId: number, now: number) {
  return db
    .selectFrom('wallet_lots')
    .select((eb) => ['currency', eb.fn.sum<number>('remaining').as('total')])
    .where('user_id', '=', userId)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now)
    .groupBy('currency')
    .execute();
}

/** The member's lots whose expiry has passed and that are not marked expired yet. */
export function dueLots(trx: Trx, userId: number, now: number) {
  return trx
    .selectFrom('wallet_lots')
    .select(['id', 'remaining', 'currency'])
    .where('user_id', '=', userId)
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
}

/** Marks a lot expired if it still holds `remaining`; false when another writer got there first. */
export async function markLotExpired(trx: Trx, lotId: number, remaining: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('wallet_lots')
    .set({ remaining: 0, expired_at: now })
    .where('id', '=', lotId)
    .where('expired_at', 'is', null)
    .where('remaining', '=', remaining)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** What an order drew from each lot (its SPEND entries), with the lot's expiry mark. */
export function orderSpends(trx: Trx, orderId: number, spendKind: LedgerKind) {
  return trx
    .selectFrom('wallet_ledger')
    .innerJoin('wallet_lots', 'wallet_lots.id', 'wallet_ledger.lot_id')
    .select(['wallet_ledger.lot_id', 'wallet_ledger.amount', 'wallet_ledger.user_id', 'wallet_ledger.currency', 'wallet_lots.expired_at'])
    .where('wallet_ledger.order_id', '=', orderId)
    .where('wallet_ledger.kind', '=', spendKind)
    .execute();
}

/** Puts `amount` back into a live lot; false when the lot has expired meanwhile. */
export async function addBackToLot(trx: Trx, lotId: number, amount: number): Promise<boolean> {
  const result = await trx
    .updateTable('wallet_lots')
    .set({ remaining: sql<number>`remaining + ${amount}` })
    .where('id', '=', lotId)
    .where('expired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The live lots an order granted that still hold something. */
export function orderGrantLots(trx: Trx, orderId: number) {
  return trx
    .selectFrom('wallet_lots')
    .select(['id', 'user_id', 'currency', 'remaining', 'paid'])
    .where('order_id', '=', orderId)
    .where('expired_at', 'is', null)
    .where('remaining', '>', 0)
    .execute();
}

/** Empties a lot that still holds `remaining`; false when it changed meanwhile. */
export async function emptyLot(trx: Trx, lotId: number, remaining: number): Promise<boolean> {
  const result = await trx
    .updateTable('wallet_lots')
    .set({ remaining: 0 })
    .where('id', '=', lotId)
    .where('remaining', '=', remaining)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The member's manga coins in lots not expired at `now`, summed per paid (1) and bonus (0). */
export async function mangaCoinByPaid(db: Db, userId: number, now: number) {
  return db
    .selectFrom('wallet_lots')
    .select(['paid', (eb) => eb.fn.sum<number>('remaining').as('total')])
    .where('user_id', '=', userId)
    .where('currency', '=', 'MANGA_COIN')
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now)
    .groupBy('paid')
    .execute();
}

/** A page of the member's ledger entries of every currency, newest first, with their lot's kind and expiry. */
export async function ledgerPage(db: Db, userId: number, page: { offset: number; limit: number; currency?: string | undefined }) {
  return db
    .selectFrom('wallet_ledger')
    .innerJoin('wallet_lots', 'wallet_lots.id', 'wallet_ledger.lot_id')
    .select([
      'wallet_ledger.id',
      'wallet_ledger.created_at',
      'wallet_ledger.currency',
      'wallet_ledger.kind',
      'wallet_ledger.amount',
      'wallet_ledger.reason',
      'wallet_ledger.order_id',
      'wallet_lots.paid',
      'wallet_lots.expires_at',
    ])
    .where('wallet_ledger.user_id', '=', userId)
    .$if(page.currency !== undefined, (q) => q.where('wallet_ledger.currency', '=', page.currency!))
    .orderBy('wallet_ledger.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function ledgerCount(db: Db, userId: number, currency?: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .$if(currency !== undefined, (q) => q.where('currency', '=', currency!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Holds the member's `users` row until the transaction ends (SELECT … FOR UPDATE; PostgreSQL only). */
export async function lockUserRow(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Each paid lot issued before `at` and not expired by then, with what remained of it at `at` (its entries before then). */
export async function paidLotsRemainingAt(db: Db, at: number) {
  return db
    .selectFrom('wallet_lots')
    .innerJoin('wallet_ledger', 'wallet_ledger.lot_id', 'wallet_lots.id')
    .select([
      'wallet_lots.id',
      'wallet_lots.currency',
      'wallet_lots.amount',
      'wallet_lots.yen_value',
      (eb) => eb.fn.sum<number>('wallet_ledger.amount').as('remaining'),
    ])
    .where('wallet_lots.paid', '=', 1)
    .where('wallet_lots.issued_at', '<', at)
    .where('wallet_lots.expires_at', '>', at)
    .where('wallet_ledger.created_at', '<', at)
    .groupBy(['wallet_lots.id', 'wallet_lots.currency', 'wallet_lots.amount', 'wallet_lots.yen_value'])
    .execute();
}
