/**
 * The money rules of the wallet, pure so the server and property tests share them.
 *
 * A balance is made of lots: each grant (a coin pack's paid coins, its bonus, a campaign's
 * points, an operator adjustment) is one lot with an amount, what remains of it, whether it was
 * paid for, and when it expires. Spending draws lots earliest expiry first, bonus before paid at
 * the same expiry; the balance is the sum of what remains of unexpired lots.
 */
import { TZDate } from '@date-fns/tz';
import { STORE_TIME_ZONE } from '../common/time';

export const Currency = { COIN: 'COIN', MANGA_COIN: 'MANGA_COIN', POINT: 'POINT' } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];
export const currencies = Object.values(Currency);

/** Japanese names of the three balances ('{type}が不足しています'). */
export const currencyLabels: Record<Currency, string> = {
  COIN: 'コイン',
  MANGA_COIN: 'マンガコイン',
  POINT: 'ポイント',
};

/** Kinds of ledger entry: every change of a lot's remaining amount is one of these. */
export const LedgerKind = {
  GRANT: 'GRANT',
  SPEND: 'SPEND',
  EXPIRE: 'EXPIRE',
  REFUND: 'REFUND',
  ADJUST: 'ADJUST',
} as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Paid manga coins stay valid for a year from purchase (so the Payment Services Act applies). */
export const PAID_COIN_VALID_DAYS = 365;
/** Bonus coins of a coin pack and operator grants expire after 90 days. */
export const BONUS_COIN_VALID_DAYS = 90;
/** Points without a campaign's own expireDays. */
export const DEFAULT_POINT_VALID_DAYS = 365;
export const expiryAfterDays = (from: number, days: number): number => from + days * DAY_MS;

export interface LotState {
  id: number;
  remaining: number;
  paid: boolean;
  /** Epoch ms; the lot is usable strictly before it. */
  expiresAt: number;
  /** Set once its EXPIRE entry has been written. */
  expired: boolean;
}

export const isUsable = (lot: LotState, now: number): boolean => !lot.expired && lot.expiresAt > now && lot.remaining > 0;

/** The order in which lots are spent: earliest expiry, then bonus before paid, then oldest. */
export function spendOrder(a: LotState, b: LotState): number {
  return a.expiresAt - b.expiresAt || Number(a.paid) - Number(b.paid) || a.id - b.id;
}

export interface Draw {
  lotId: number;
  amount: number;
}

/**
 * Which lots `amount` is drawn from, in spend order, or null when the usable balance is short.
 * An amount of 0 draws nothing.
 */
export function planSpend(lots: readonly LotState[], amount: number, now: number): Draw[] | null {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
  const draws: Draw[] = [];
  let left = amount;
  for (const lot of lots.filter((l) => isUsable(l, now)).sort(spendOrder)) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    draws.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? draws : null;
}

/** Amount that expires within `days` from `now` (wallet "expiring soon"), with the earliest such expiry. */
export function expiringWithin(
  lots: readonly LotState[],
  now: number,
  days: number,
): { amount: number; earliestExpireDatetime: number | null } {
  const limit = now + days * DAY_MS;
  let amount = 0;
  let earliest: number | null = null;
  for (const lot of lots) {
    if (!isUsable(lot, now) || lot.expiresAt > limit) continue;
    amount += lot.remaining;
    earliest = earliest === null ? lot.expiresAt : Math.min(earliest, lot.expiresAt);
  }
  return { amount, earliestExpireDatetime: earliest };
}

/**
 * The yen value of what remains of a paid lot: its purchase price in proportion, rounded down
 * (the unused balance the Payment Services Act report states).
 */
export const yenValueOf = (remaining: number, amount: number, yenValue: number): number =>
  amount <= 0 ? 0 : Math.floor((remaining * yenValue) / amount);

/** §9 coin appeal threshold: a pack whose bonus exceeds 30% of its coins shows the coupon appeal. */
const COIN_APPEAL_THRESHOLD = 0.3;
export const showsCouponAppeal = (bonus: number, coin: number): boolean => coin > 0 && bonus / coin > COIN_APPEAL_THRESHOLD;

/** §5 coin shortage: the price is greater than the balance. */
export const isShort = (price: number, balance: number): boolean => price > balance;

/** The first instant after the Tokyo calendar day `date` (YYYY-MM-DD): the unused-balance report's cut-off. */
export function endOfTokyoDay(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`date must be YYYY-MM-DD, got "${date}"`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new TZDate(y, m - 1, d + 1, STORE_TIME_ZONE).getTime();
}
