/**
 * Pre-order bonuses (§3 Pre-order bonus, §7 "Pre-orders") and the guest cart books of
 * §7 "Guest". Paths under `/api`:
 *
 *   GET /pre_order/bonus?title_id=         → PreOrderBonusList   bonuses open now for pre-orders
 *                                            (of one title's reservable volumes with title_id)
 *   GET /pre_order/bonus/by_book?book_id=  → PreOrderBookBonus   what pre-ordering that volume now earns
 *   GET /pre_order/bonus/earned            → EarnedBonusList     the member's bonuses (401 for a guest):
 *                                            PENDING until the release, GRANTED once delivered, CANCELED
 *   GET /guest/cart_books?book_id=&ac=     → GuestCartBooks      the guest cart's books with prices and
 *                                            the guest coupon's label (≤ 100 ids, duplicates ignored)
 *
 * A bonus is a point grant for pre-ordering a volume while the bonus runs (startDatetime ≤ now <
 * endDatetime): `points` fixed points plus `rate` % of the price paid, rounded down. The points
 * are fixed when the pre-order is placed and granted as POINT when the volume is released —
 * with no manual step — and never for a cancelled pre-order.
 */
import { z } from 'zod';
import { acParam, idListParam, idParam } from '../common/params';

export const PreOrderBonusQuery = z.object({ title_id: idParam.optional() });
export const PreOrderBonusByBookQuery = z.object({ book_id: idParam });
export const GuestCartBooksQuery = z.object({ ac: acParam, book_id: idListParam });

/** The response schemas of these routes live in `orders-api.ts`. */
export {
  BonusGrantStatus,
  EarnedBonus,
  EarnedBonusList,
  GuestCartBook,
  GuestCartBooks,
  PreOrderBonus,
  PreOrderBonusList,
  PreOrderBookBonus,
} from './orders-api';

/** Points one bonus gives for a pre-order paid `price`: points + floor(price × rate / 100), never negative. */
export function preOrderBonusPoint(bonus: { rate: number; points: number }, price: number): number {
  const rate = Math.min(Math.max(Math.trunc(bonus.rate), 0), 100);
  return Math.max(Math.trunc(bonus.points), 0) + Math.floor((Math.max(Math.trunc(price), 0) * rate) / 100);
}

/** A bonus runs at `now` when startDatetime ≤ now and (no end or now < endDatetime). */
export const bonusRunning = (bonus: { startDatetime: number; endDatetime: number | null }, now: number): boolean =>
  bonus.startDatetime <= now && (bonus.endDatetime === null || now < bonus.endDatetime);
