import { AppError, ErrorCode } from '@hondana/domain/errors';
import { type Currency, type Draw, LedgerKind, type LotState, planSpend } from '@hondana/domain/wallet-lots';
import { type Kysely, PostgresAdapter, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The money core (issue 5): lots and their append-only ledger. Every function takes the
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

/** Writes a lot and its GRANT (or ADJUST) entry; returns the lot id. */
export async function grant(trx: Trx, input: GrantInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError('a grant is a positive integer');
  const lot = await trx
    .insertInto('wallet_lots')
    .values({
      user_id: input.userId,
      currency: input.currency,
      amount: input.amount,
      remaining: input.amount,
      paid: input.paid ? 1 : 0,
      yen_value: input.yenValue ?? 0,
      issued_at: input.now,
      expires_at: input.expiresAt,
      expired_at: null,
      order_id: input.orderId ?? null,
      campaign_id: input.campaignId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('wallet_ledger')
    .values({
      user_id: input.userId,
      currency: input.currency,
      lot_id: lot.id,
      kind: input.kind ?? LedgerKind.GRANT,
      amount: input.amount,
      order_id: input.orderId ?? null,
      reason: input.reason,
      created_at: input.now,
    })
    .execute();
  return lot.id;
}

/** Usable lots of one currency in spend order; locked on PostgreSQL. */
export async function usableLots(db: Db, userId: number, currency: Currency, now: number, lock: boolean): Promise<LotState[]> {
  let query = db
    .selectFrom('wallet_lots')
    .select(['id', 'remaining', 'paid', 'expires_at'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now)
    .where('remaining', '>', 0)
    .orderBy('expires_at')
    .orderBy('paid')
    .orderBy('id');
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, remaining: r.remaining, paid: r.paid === 1, expiresAt: r.expires_at, expired: false }));
}

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
    const result = await trx
      .updateTable('wallet_lots')
      .set({ remaining: sql<number>`remaining - ${draw.amount}` })
      .where('id', '=', draw.lotId)
      .where('remaining', '>=', draw.amount)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new SpendConflict();
  }
  await trx
    .insertInto('wallet_ledger')
    .values(
      draws.map((d) => ({
        user_id: input.userId,
        currency: input.currency,
        lot_id: d.lotId,
        kind: LedgerKind.SPEND,
        amount: -d.amount,
        order_id: input.orderId,
        reason: input.reason,
        created_at: input.now,
      })),
    )
    .execute();
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
        .values({ user_id: userId, currency: lot.currency, lot_id: lot.id, kind: LedgerKind.EXPIRE, amount: -lot.remaining, order_id: null, reason: 'expired', created_at: now })
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
        { ...entry, kind: LedgerKind.EXPIRE, amount: -amount, reason: 'expired' },
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
