import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { type Currency, type Draw, LedgerKind, type LotState, planSpend } from '@hondana/domain/wallet/wallet-lots';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import * as lots from './lots.repository';

// A balance as a subquery for other areas' one-statement reads; the member's ledger page and
// manga coins by paid state (the wallet's screens); paid lots left at an instant (資金決済法 report).
export { balanceQuery, ledgerCount, ledgerPage, mangaCoinByPaid, paidLotsRemainingAt } from './lots.repository';

/**
 * The money core every area that grants or spends shares (the `ledger` area, below the wallet,
 * orders and cart): lots and their append-only ledger. Every function takes the
 * caller's transaction, so a grant, spend, expiry or refund is written with its cause or not
 * at all. Spending is a conditional update checked by affected rows; on PostgreSQL the member's
 * lots are also locked in spend order, so concurrent spends of one member queue instead of
 * failing, and a spend never drives a lot below zero (a CHECK constraint backs that up).
 */
type Trx = Transaction<Database>;

/** A lot changed under a spend (another process won the race): the caller's transaction retries. */
class SpendConflict extends Error {
  constructor() {
    super('a lot changed while it was being spent');
    this.name = 'SpendConflict';
  }
}

interface GrantInput {
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
  const orderId = input.orderId ?? null;
  const lotId = await lots.insertLot(trx, {
    userId: input.userId,
    currency: input.currency,
    amount: input.amount,
    paid: input.paid,
    yenValue: input.yenValue ?? 0,
    now: input.now,
    expiresAt: input.expiresAt,
    orderId,
    campaignId: input.campaignId ?? null,
  });
  await lots.writeEntries(trx, [
    {
      userId: input.userId,
      currency: input.currency,
      lotId,
      kind: input.kind ?? LedgerKind.GRANT,
      amount: input.amount,
      orderId,
      reason: input.reason,
      now: input.now,
    },
  ]);
  return lotId;
}

/** Usable lots of one currency in spend order; locked on PostgreSQL. */
export async function usableLots(db: Db, userId: number, currency: Currency, now: number, lock: boolean): Promise<LotState[]> {
  const rows = await lots.findUsableLots(db, userId, currency, now, lock);
  return rows.map((r) => ({ id: r.id, remaining: r.remaining, paid: r.paid === 1, expiresAt: r.expires_at, expired: false }));
}

interface SpendInput {
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
  const usable = await usableLots(trx, input.userId, input.currency, input.now, true);
  const draws = planSpend(usable, input.amount, input.now);
  if (!draws) return null;
  for (const draw of draws) {
    if (!(await lots.drawFromLot(trx, draw.lotId, draw.amount))) throw new SpendConflict();
  }
  await lots.writeEntries(
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

export async function balance(db: Db, userId: number, currency: Currency, now: number): Promise<number> {
  const row = await lots.balanceQuery(db, userId, currency, now).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** All three balances of the member at once (one statement; pages that show them all). */
export async function balances(db: Db, userId: number, now: number): Promise<Record<Currency, number>> {
  const held: Record<Currency, number> = { COIN: 0, MANGA_COIN: 0, POINT: 0 };
  for (const row of await lots.balancesByCurrency(db, userId, now)) held[row.currency as Currency] = Number(row.total);
  return held;
}

/**
 * Writes an EXPIRE entry for every lot of the member whose expiry has passed, once: the lot is
 * marked expired by a conditional update, and only the update that wins writes the entry.
 */
export async function expireDue(trx: Trx, userId: number, now: number): Promise<number> {
  let expired = 0;
  for (const lot of await lots.dueLots(trx, userId, now)) {
    if (!(await lots.markLotExpired(trx, lot.id, lot.remaining, now))) throw new SpendConflict();
    if (lot.remaining > 0) {
      await lots.writeEntries(trx, [
        {
          userId,
          currency: lot.currency as Currency,
          lotId: lot.id,
          kind: LedgerKind.EXPIRE,
          amount: -lot.remaining,
          orderId: null,
          reason: ledgerLine.expired,
          now,
        },
      ]);
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
  for (const s of await lots.orderSpends(trx, orderId, LedgerKind.SPEND)) {
    const amount = -s.amount;
    const entry = { userId: s.user_id, currency: s.currency as Currency, lotId: s.lot_id, orderId, now };
    if (s.expired_at !== null) {
      await lots.writeEntries(trx, [
        { ...entry, kind: LedgerKind.REFUND, amount, reason },
        { ...entry, kind: LedgerKind.EXPIRE, amount: -amount, reason: ledgerLine.expired },
      ]);
      continue;
    }
    if (!(await lots.addBackToLot(trx, s.lot_id, amount))) throw new SpendConflict();
    await lots.writeEntries(trx, [{ ...entry, kind: LedgerKind.REFUND, amount, reason }]);
  }
}

/**
 * Takes back what remains of the lots an order granted (its points, a coin pack's coins), as
 * ADJUST entries; answers what it took from each lot (a lot spent meanwhile: SpendConflict).
 */
export async function revokeOrderGrants(
  trx: Trx,
  orderId: number,
  reason: string,
  now: number,
): Promise<{ currency: Currency; paid: boolean; taken: number }[]> {
  const taken: { currency: Currency; paid: boolean; taken: number }[] = [];
  for (const lot of await lots.orderGrantLots(trx, orderId)) {
    if (!(await lots.emptyLot(trx, lot.id, lot.remaining))) throw new SpendConflict();
    await lots.writeEntries(trx, [
      {
        userId: lot.user_id,
        currency: lot.currency as Currency,
        lotId: lot.id,
        kind: LedgerKind.ADJUST,
        amount: -lot.remaining,
        orderId,
        reason,
        now,
      },
    ]);
    taken.push({ currency: lot.currency as Currency, paid: lot.paid === 1, taken: lot.remaining });
  }
  return taken;
}

/**
 * Gives back what `revokeOrderGrants` took from the order's lots (its ADJUST entries), as ADJUST
 * entries with `reason`; a lot that has expired meanwhile gets it back and, in the same instant,
 * an EXPIRE of that amount. The caller makes it happen once (a conditional update first).
 */
export async function returnRevokedGrants(trx: Trx, orderId: number, reason: string, now: number): Promise<number> {
  let returned = 0;
  for (const s of await lots.orderSpends(trx, orderId, LedgerKind.ADJUST)) {
    if (s.amount >= 0) continue;
    const amount = -s.amount;
    const entry = { userId: s.user_id, currency: s.currency as Currency, lotId: s.lot_id, orderId, now };
    if (s.expired_at !== null || !(await lots.addBackToLot(trx, s.lot_id, amount))) {
      await lots.writeEntries(trx, [
        { ...entry, kind: LedgerKind.ADJUST, amount, reason },
        { ...entry, kind: LedgerKind.EXPIRE, amount: -amount, reason: ledgerLine.expired },
      ]);
      continue;
    }
    await lots.writeEntries(trx, [{ ...entry, kind: LedgerKind.ADJUST, amount, reason }]);
    returned += amount;
  }
  return returned;
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

/** Runs a token use again when a lot changed under it (`SpendConflict`: its transaction rolled back whole). */
export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof SpendConflict)) throw error;
      if (attempt >= attempts) throw new AppError(409, ErrorCode.BAD_REQUEST, ['busy: try again']);
    }
  }
}
