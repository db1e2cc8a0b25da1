import {
  BONUS_COIN_VALID_DAYS,
  type Currency,
  DEFAULT_POINT_VALID_DAYS,
  LedgerKind,
  endOfTokyoDay,
  expiryAfterDays,
  yenValueOf,
} from '@hondana/domain/wallet/wallet-lots';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { grant, inMoneyTransaction, paidLotsRemainingAt } from '../ledger/ledger';

interface UnusedBalance {
  referenceDate: string;
  /** Unused paid coins at the end of the day, per currency, and their yen value. */
  byCurrency: { currency: string; coins: number; yen: number }[];
  totalYen: number;
}

/**
 * Unused paid balance at the end of a reference date (資金決済法: 3/31 and 9/30), from the ledger:
 * what remained of each paid lot issued by then and not yet expired by then, valued at the lot's
 * own yen price in proportion.
 */
export async function unusedPaidBalance(db: Kysely<Database>, date: string): Promise<UnusedBalance> {
  const at = endOfTokyoDay(date);
  const rows = await paidLotsRemainingAt(db, at);
  const totals = new Map<string, { coins: number; yen: number }>();
  for (const r of rows) {
    const remaining = Number(r.remaining);
    const t = totals.get(r.currency) ?? { coins: 0, yen: 0 };
    t.coins += remaining;
    t.yen += yenValueOf(remaining, r.amount, r.yen_value);
    totals.set(r.currency, t);
  }
  const byCurrency = [...totals.entries()].map(([currency, t]) => ({ currency, ...t }));
  return { referenceDate: date, byCurrency, totalYen: byCurrency.reduce((s, c) => s + c.yen, 0) };
}

interface AdjustGrant {
  userId: number;
  currency: Currency;
  amount: number;
  reason: string;
  now: number;
}

/** An operator's grant (support work): an ADJUST entry and a bonus lot. */
export function adjustGrant(db: Kysely<Database>, input: AdjustGrant): Promise<number> {
  return inMoneyTransaction(db, (trx) => adjustGrantIn(trx, input));
}

/** The same grant inside the caller's transaction (the console writes its audit entry beside it). */
export function adjustGrantIn(trx: Transaction<Database>, input: AdjustGrant): Promise<number> {
  const days = input.currency === 'POINT' ? DEFAULT_POINT_VALID_DAYS : BONUS_COIN_VALID_DAYS;
  return grant(trx, {
    ...input,
    paid: false,
    kind: LedgerKind.ADJUST,
    expiresAt: expiryAfterDays(input.now, days),
    reason: ledgerLine.support(input.reason),
  });
}
