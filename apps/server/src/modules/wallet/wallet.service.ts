import type {
  ExpirationBalance,
  GetCoinResponse,
  MangaCoinBalance,
  PeriodBalanceResponse,
  WalletHistoryResponse,
} from '@hondana/domain/wallet/wallet-api';
import { type Currency, type LedgerKind, expiringWithin } from '@hondana/domain/wallet/wallet-lots';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { balances, expireDue, inMoneyTransaction, ledgerCount, ledgerPage, mangaCoinByPaid, usableLots } from '../ledger/ledger';

/** Writes the EXPIRE entries that are due, so what the member sees equals the ledger. */
export const sweepExpired = (db: Kysely<Database>, userId: number, now: number): Promise<number> =>
  inMoneyTransaction(db, (trx) => expireDue(trx, userId, now));

/** `/manga_coin/balance`: the manga coin balance, split into paid and bonus coins. */
export async function mangaCoinBalance(db: Kysely<Database>, userId: number, now: number): Promise<MangaCoinBalance> {
  await sweepExpired(db, userId, now);
  const lots = await mangaCoinByPaid(db, userId, now);
  const paidBalance = Number(lots.find((l) => l.paid === 1)?.total ?? 0);
  const bonusBalance = Number(lots.find((l) => l.paid === 0)?.total ?? 0);
  return { balance: paidBalance + bonusBalance, paidBalance, bonusBalance };
}

/** `/user/get_coin`: all three balances. */
export async function getCoin(db: Kysely<Database>, userId: number, now: number): Promise<GetCoinResponse> {
  await sweepExpired(db, userId, now);
  const held = await balances(db, userId, now);
  return { status: { code: 0 }, results: { coin: held.COIN, mangaCoin: held.MANGA_COIN, point: held.POINT } };
}

/** `/manga_coin/history`: ledger entries of one currency (or of every currency), newest first. */
export async function history(
  db: Kysely<Database>,
  userId: number,
  page: { offset: number; limit: number; currency?: Currency | undefined },
  now: number,
): Promise<WalletHistoryResponse> {
  await sweepExpired(db, userId, now);
  const [rows, count] = await Promise.all([ledgerPage(db, userId, page), ledgerCount(db, userId, page.currency)]);
  return {
    totalCount: count,
    history: rows.map((r) => ({
      id: r.id,
      datetime: r.created_at,
      currency: r.currency as Currency,
      kind: r.kind as LedgerKind,
      amount: r.amount,
      paid: r.paid === 1,
      reason: r.reason,
      orderId: r.order_id,
      expireDatetime: r.expires_at,
    })),
  };
}

/** `/manga_coin/period_balance`: the manga coin balance by expiry instant, earliest first. */
export async function periodBalance(
  db: Kysely<Database>,
  userId: number,
  page: { offset: number; limit: number },
  now: number,
): Promise<PeriodBalanceResponse> {
  await sweepExpired(db, userId, now);
  const lots = await usableLots(db, userId, 'MANGA_COIN', now, false);
  const byExpiry = new Map<number, { paid: number; bonus: number }>();
  for (const lot of lots) {
    const entry = byExpiry.get(lot.expiresAt) ?? { paid: 0, bonus: 0 };
    if (lot.paid) entry.paid += lot.remaining;
    else entry.bonus += lot.remaining;
    byExpiry.set(lot.expiresAt, entry);
  }
  const periods = [...byExpiry.entries()]
    .sort(([a], [b]) => a - b)
    .map(([expireDatetime, e]) => ({ expireDatetime, amount: e.paid + e.bonus, paid: e.paid, bonus: e.bonus }));
  return { totalCount: periods.length, periods: periods.slice(page.offset, page.offset + page.limit) };
}

/** `/manga_coin/expiration_balance`: manga coins expiring within `days`. */
export async function expirationBalance(db: Kysely<Database>, userId: number, days: number, now: number): Promise<ExpirationBalance> {
  await sweepExpired(db, userId, now);
  const lots = await usableLots(db, userId, 'MANGA_COIN', now, false);
  return { days, ...expiringWithin(lots, now, days) };
}
