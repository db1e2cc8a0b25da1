import { AppError, ErrorCode } from '@hondana/domain/errors';
import { type Currency, type Draw, LedgerKind, type LotState, planSpend } from '@hondana/domain/wallet-lots';
import { type Kysely, PostgresAdapter, type Transaction, sql } from 'kysely';
import { ledgerLine } from '@hondana/domain/ledger-lines';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

/**
 * The money core: lots and their append-only ledger. Every function takes the
 * caller's transaction, so a grant, spend, expiry or refund is written with its cause or not
 * at all. Spending is a conditional update checked by affected rows; on PostgreSQL the member's
 * lots are also locked in spend order, so concurrent spends of one member queue instead of
 * failing, and a spend never drives a lot below zero (a CHECK constraint backs that up).
 */
type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** A lot changed under a spend (another process won the race): the caller's transaction retries. */
export class SpendConflict extends Error {
  constructor() {
    super('a lot changed while it was being spent');
    this.name = 'SpendConflict';
  }
}

export interface GrantInput {
  userId: number;
  currency: Currency;
  amount: number;
  paid: boolean;
  yenValue?: number;
  expiresAt: number;
  kind?: typeof LedgerKind.GRANT | typeof LedgerKind.ADJUST;
  orderId?: number | null;
  campaignId?: number | null;
  reason: string;
  now: number;
}

// The statements of a purchase's grants and spends, built once (see preparedQuery).
const insertLot = preparedQuery(
  (db, $: { userId: number; currency: Currency; amount: number; paid: 0 | 1; yenValue: number; now: number; expiresAt: number; orderId: number | null; campaignId: number | null }) =>
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

/** Ledger entries, `shape` of them in one statement; entry i's values are `${name}${i}` of `$`. */
const insertEntries = preparedQuery((db, $: Record<string, EntryParams[keyof EntryParams]>, shape) =>
  db.insertInto('wallet_ledger').values(
    Array.from({ length: Number(shape) }, (_, i) => ({
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
async function writeEntries(trx: Trx, entries: readonly EntryParams[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 8) {
    const batch = entries.slice(start, start + 8);
    const params: Record<string, EntryParams[keyof EntryParams]> = {};
    batch.forEach((entry, i) => {
      for (const [name, value] of Object.entries(entry)) params[`${name}${i}`] = value as EntryParams[keyof EntryParams];
    });
    await insertEntries.execute(trx, params, String(batch.length));
  }
}

/** Writes a lot and its GRANT (or ADJUST) entry; returns the lot id. */
export async function grant(trx: Trx, input: GrantInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError('a grant is a positive integer');
  const orderId = input.orderId ?? null;
  const { rows } = await insertLot.execute(trx, {
    userId: input.userId,
    currency: input.currency,
    amount: input.amount,
    paid: input.paid ? 1 : 0,
    yenValue: input.yenValue ?? 0,
    now: input.now,
    expiresAt: input.expiresAt,
    orderId,
    campaignId: input.campaignId ?? null,
  });
  const lotId = rows[0]!.id;
  await writeEntries(trx, [
    { userId: input.userId, currency: input.currency, lotId, kind: input.kind ?? LedgerKind.GRANT, amount: input.amount, orderId, reason: input.reason, now: input.now },
  ]);
  return lotId;
}

const selectUsableLots = preparedQuery((db, $: { userId: number; currency: Currency; now: number }, shape) => {
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
  return shape === 'lock' ? query.forUpdate() : query;
});

/** Usable lots of one currency in spend order; locked on PostgreSQL. */
export async function usableLots(db: Db, userId: number, currency: Currency, now: number, lock: boolean): Promise<LotState[]> {
  const { rows } = await selectUsableLots.execute(db, { userId, currency, now }, lock && db.getExecutor().adapter instanceof PostgresAdapter ? 'lock' : '');
  return rows.map((r) => ({ id: r.id, remaining: r.remaining, paid: r.paid === 1, expiresAt: r.expires_at, expired: false }));
}

const drawFromLot = preparedQuery((db, $: { lotId: number; amount: number }) =>
  db
    .updateTable('wallet_lots')
    .set({ remaining: sql<number>`remaining - ${$.amount}` })
    .where('id', '=', $.lotId)
    .where('remaining', '>=', $.amount)
    .where('expired_at', 'is', null),
);

export interface SpendInput {
  userId: number;
  currency: Currency;
  amount: number;
  orderId: number | null;
  reason: string;
  now: number;
}

/**
 * Draws `amount` from the member's lots (earliest expiry first, bonus before paid) and writes one
 * SPEND entry per lot drawn. Returns the draws, or null when the balance is short (nothing written).
 */
export async function spend(trx: Trx, input: SpendInput): Promise<Draw[] | null> {
  if (input.amount === 0) return [];
  const lots = await usableLots(trx, input.userId, input.currency, input.now, true);
  const draws = planSpend(lots, input.amount, input.now);
  if (!draws) return null;
  for (const draw of draws) {
    const result = await drawFromLot.execute(trx, { lotId: draw.lotId, amount: draw.amount });
    if (result.numAffectedRows !== 1n) throw new SpendConflict();
  }
  await writeEntries(
    trx,
    draws.map((d) => ({
      userId: input.userId,
      currency: input.currency,
      lotId: d.lotId,
      kind: LedgerKind.SPEND,
      amount: -d.amount,
      orderId: input.orderId,
      reason: input.reason,
      now: input.now,
    })),
  );
  return draws;
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

export async function balance(db: Db, userId: number, currency: Currency, now: number): Promise<number> {
  const row = await balanceQuery(db, userId, currency, now).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Writes an EXPIRE entry for every lot of the member whose expiry has passed, once: the lot is
 * marked expired by a conditional update, and only the update that wins writes the entry.
 */
export async function expireDue(trx: Trx, userId: number, now: number): Promise<number> {
  const due = await trx
    .selectFrom('wallet_lots')
    .select(['id', 'remaining', 'currency'])
    .where('user_id', '=', userId)
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
  let expired = 0;
  for (const lot of due) {
    const result = await trx
      .updateTable('wallet_lots')
      .set({ remaining: 0, expired_at: now })
      .where('id', '=', lot.id)
      .where('expired_at', 'is', null)
      .where('remaining', '=', lot.remaining)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new SpendConflict();
    if (lot.remaining > 0) {
      await trx
        .insertInto('wallet_ledger')
        .values({ user_id: userId, currency: lot.currency, lot_id: lot.id, kind: LedgerKind.EXPIRE, amount: -lot.remaining, order_id: null, reason: ledgerLine.expired, created_at: now })
        .execute();
      expired += lot.remaining;
    }
  }
  return expired;
}

/**
 * Gives back to each lot exactly what the order drew from it (REFUND entries). A lot that has
 * expired meanwhile gets its refund and, in the same instant, an EXPIRE of that amount.
 */
export async function refundOrderSpends(trx: Trx, orderId: number, reason: string, now: number): Promise<void> {
  const spends = await trx
    .selectFrom('wallet_ledger')
    .innerJoin('wallet_lots', 'wallet_lots.id', 'wallet_ledger.lot_id')
    .select(['wallet_ledger.lot_id', 'wallet_ledger.amount', 'wallet_ledger.user_id', 'wallet_ledger.currency', 'wallet_lots.expired_at'])
    .where('wallet_ledger.order_id', '=', orderId)
    .where('wallet_ledger.kind', '=', LedgerKind.SPEND)
    .execute();
  for (const s of spends) {
    const amount = -s.amount;
    const entry = { user_id: s.user_id, currency: s.currency, lot_id: s.lot_id, order_id: orderId, created_at: now };
    if (s.expired_at !== null) {
      await trx.insertInto('wallet_ledger').values([
        { ...entry, kind: LedgerKind.REFUND, amount, reason },
        { ...entry, kind: LedgerKind.EXPIRE, amount: -amount, reason: ledgerLine.expired },
      ]).execute();
      continue;
    }
    const result = await trx
      .updateTable('wallet_lots')
      .set({ remaining: sql<number>`remaining + ${amount}` })
      .where('id', '=', s.lot_id)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new SpendConflict();
    await trx.insertInto('wallet_ledger').values({ ...entry, kind: LedgerKind.REFUND, amount, reason }).execute();
  }
}

/** Takes back what remains of the lots an order granted (its points), as ADJUST entries. */
export async function revokeOrderGrants(trx: Trx, orderId: number, reason: string, now: number): Promise<void> {
  const lots = await trx
    .selectFrom('wallet_lots')
    .select(['id', 'user_id', 'currency', 'remaining'])
    .where('order_id', '=', orderId)
    .where('expired_at', 'is', null)
    .where('remaining', '>', 0)
    .execute();
  for (const lot of lots) {
    const result = await trx
      .updateTable('wallet_lots')
      .set({ remaining: 0 })
      .where('id', '=', lot.id)
      .where('remaining', '=', lot.remaining)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new SpendConflict();
    await trx
      .insertInto('wallet_ledger')
      .values({ user_id: lot.user_id, currency: lot.currency, lot_id: lot.id, kind: LedgerKind.ADJUST, amount: -lot.remaining, order_id: orderId, reason, created_at: now })
      .execute();
  }
}

/** Runs `work` in a transaction, again when a SpendConflict says a lot changed under it. */
export async function inMoneyTransaction<T>(db: Kysely<Database>, work: (trx: Trx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!(error instanceof SpendConflict) || attempt >= attempts) {
        if (error instanceof SpendConflict) throw new AppError(409, ErrorCode.BAD_REQUEST, ['busy: try again']);
        throw error;
      }
    }
  }
}
