/**
 * Coupon rules of §3, §5 and §9 as pure functions. All money is integer yen, prices
 * are tax-included (§3 priceIncTax), and the rounding is documented once here:
 *
 * - discount % (type 1) and the step coupons (3, 4): floor(Σ targeted prices × rate / 100) —
 *   rounded down, so the store never gives more than the stated rate;
 * - reduction ¥ (type 2): the stated amount, capped at the targeted prices' total;
 * - `limit` (when set) is the most targeted books the coupon discounts ("up to {limit} books",
 *   §5): the most expensive targeted books are taken, which favours the member;
 * - `minCartPrice` is compared with the targeted books' total.
 *
 * A discount is never negative and never above the targeted books' total.
 */

export const CouponType = { DISCOUNT: 1, REDUCTION: 2, STEP_BOOK_COUNT: 3, STEP_TITLE_COUNT: 4 } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

export const CouponTargetScope = { ALL: 0, BOOK: 10, TITLE: 20, PUBLISHER: 30, GENRE: 40, PUBLISHER_GENRE: 50 } as const;
export type CouponTargetScope = (typeof CouponTargetScope)[keyof typeof CouponTargetScope];

export const CouponStatus = { UNUSED: 'UNUSED', EXPIRED: 'EXPIRED', USED: 'USED', INVALID: 'INVALID' } as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];

/** §5 cart error types of a coupon that cannot apply. */
export const CouponRefusal = {
  INVALID: 'COUPON_INVALID',
  EXPIRED: 'COUPON_EXPIRED',
  NO_TARGET: 'COUPON_NO_TARGET',
  PRICE_SHORTAGE: 'COUPON_PRICE_SHORTAGE',
  BOOK_COUNT_SHORTAGE: 'COUPON_BOOK_COUNT_SHORTAGE',
  TITLE_COUNT_SHORTAGE: 'COUPON_TITLE_COUNT_SHORTAGE',
} as const;
export type CouponRefusal = (typeof CouponRefusal)[keyof typeof CouponRefusal];

/** A coupon's steps and the books it targets, as the cart's answers carry them (`cart-api.ts`). */
export type { CouponStepView as CouponStep, CouponTargetView as CouponTarget } from './cart-api';
import type { CouponStepView as CouponStep, CouponTargetView as CouponTarget } from './cart-api';

export interface CouponRule {
  id: number;
  name: string;
  couponType: CouponType;
  /** Percent for type 1, yen for type 2; unused by step coupons. */
  rate: number | null;
  limit: number | null;
  minCartPrice: number;
  expireDatetime: number;
  status: CouponStatus;
  steps: CouponStep[];
  couponTarget: CouponTarget;
}

/** What a coupon looks at in a cart line. */
export interface CouponLine {
  bookId: number;
  titleId: number;
  publisherId: number | null;
  genreId: number | null;
  /** Price in effect, tax included. */
  price: number;
}

type CouponResult = { ok: true; discount: number; targetTotal: number } | { ok: false; refusal: CouponRefusal };

export function isTargeted(target: CouponTarget, line: CouponLine): boolean {
  const has = (ids: number[] | undefined, id: number | null) => id !== null && (ids ?? []).includes(id);
  switch (target.scope) {
    case CouponTargetScope.ALL:
      return true;
    case CouponTargetScope.BOOK:
      return has(target.ids, line.bookId);
    case CouponTargetScope.TITLE:
      return has(target.ids, line.titleId);
    case CouponTargetScope.PUBLISHER:
      return has(target.ids, line.publisherId);
    case CouponTargetScope.GENRE:
      return has(target.ids, line.genreId);
    case CouponTargetScope.PUBLISHER_GENRE:
      return has(target.ids, line.publisherId) && has(target.genreIds, line.genreId);
    default:
      return false;
  }
}

/** Status at `now`: an unused coupon past its expiry is EXPIRED. */
export const couponStatusAt = (coupon: Pick<CouponRule, 'status' | 'expireDatetime'>, now: number): CouponStatus =>
  coupon.status === CouponStatus.UNUSED && coupon.expireDatetime <= now ? CouponStatus.EXPIRED : coupon.status;

/** The step reached by `count` (the highest requiredStepCount ≤ count), or null. */
export function stepReached(steps: readonly CouponStep[], count: number): CouponStep | null {
  let best: CouponStep | null = null;
  for (const step of steps) {
    if (step.requiredStepCount <= count && (!best || step.requiredStepCount > best.requiredStepCount)) best = step;
  }
  return best;
}

const percentOf = (total: number, rate: number): number => Math.floor((total * Math.min(Math.max(rate, 0), 100)) / 100);

/** The discount `coupon` gives on `lines` at `now`, or why it cannot apply. */
export function couponDiscount(coupon: CouponRule, lines: readonly CouponLine[], now: number): CouponResult {
  const status = couponStatusAt(coupon, now);
  if (status === CouponStatus.EXPIRED) return { ok: false, refusal: CouponRefusal.EXPIRED };
  if (status !== CouponStatus.UNUSED) return { ok: false, refusal: CouponRefusal.INVALID };
  const targeted = lines.filter((l) => isTargeted(coupon.couponTarget, l)).sort((a, b) => b.price - a.price);
  if (targeted.length === 0) return { ok: false, refusal: CouponRefusal.NO_TARGET };
  const counted = coupon.limit !== null && coupon.limit > 0 ? targeted.slice(0, coupon.limit) : targeted;
  const targetTotal = counted.reduce((sum, l) => sum + l.price, 0);
  if (targeted.reduce((sum, l) => sum + l.price, 0) < coupon.minCartPrice) return { ok: false, refusal: CouponRefusal.PRICE_SHORTAGE };
  const discount = rawDiscount(coupon, targeted, targetTotal);
  if (typeof discount === 'string') return { ok: false, refusal: discount };
  return { ok: true, discount: Math.min(Math.max(discount, 0), targetTotal), targetTotal };
}

function rawDiscount(coupon: CouponRule, targeted: readonly CouponLine[], targetTotal: number): number | CouponRefusal {
  switch (coupon.couponType) {
    case CouponType.DISCOUNT:
      return percentOf(targetTotal, coupon.rate ?? 0);
    case CouponType.REDUCTION:
      return Math.max(coupon.rate ?? 0, 0);
    case CouponType.STEP_BOOK_COUNT: {
      const step = stepReached(coupon.steps, targeted.length);
      return step ? percentOf(targetTotal, step.stepRate) : CouponRefusal.BOOK_COUNT_SHORTAGE;
    }
    case CouponType.STEP_TITLE_COUNT: {
      const step = stepReached(coupon.steps, new Set(targeted.map((l) => l.titleId)).size);
      return step ? percentOf(targetTotal, step.stepRate) : CouponRefusal.TITLE_COUNT_SHORTAGE;
    }
    default:
      return CouponRefusal.INVALID;
  }
}

/** The coupon giving the largest discount on `lines` (ties: the one expiring first), or null. */
export function bestCoupon<C extends CouponRule>(
  coupons: readonly C[],
  lines: readonly CouponLine[],
  now: number,
): { coupon: C; discount: number } | null {
  return applicableCoupons(coupons, lines, now)[0] ?? null;
}

/**
 * The coupons that apply to `lines` with a discount above 0, best first (largest discount; ties:
 * the one expiring first, then the lower id): the cart's coupon picker, whose first is the best.
 */
export function applicableCoupons<C extends CouponRule>(
  coupons: readonly C[],
  lines: readonly CouponLine[],
  now: number,
): { coupon: C; discount: number }[] {
  const applicable: { coupon: C; discount: number }[] = [];
  for (const coupon of coupons) {
    const result = couponDiscount(coupon, lines, now);
    if (result.ok && result.discount > 0) applicable.push({ coupon, discount: result.discount });
  }
  return applicable.sort(
    (a, b) => b.discount - a.discount || a.coupon.expireDatetime - b.coupon.expireDatetime || a.coupon.id - b.coupon.id,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** §9 remaining days of the coupon banner: ceil(ms / day); 今日まで on the last day. */
export function couponRemainingText(expireRemainingMilliSec: number): string | null {
  if (expireRemainingMilliSec <= 0) return null;
  const days = Math.ceil(expireRemainingMilliSec / DAY_MS);
  return days <= 1 ? '今日まで' : `残り${days}日`;
}

/** A member's best coupon for buying one book on its own, with the price it leaves (issue 34 item 2). */
interface BookCouponPrice<C extends CouponRule> {
  coupon: C;
  discount: number;
  /** The book's price in effect less the discount: what the cart charges for it alone. */
  couponPrice: number;
}

/**
 * The coupon of the member's that lowers `book` most when it is bought alone in the cart, and
 * the price it leaves; null when none applies (none held, not a target, below the coupon's
 * minimum, or the book costs nothing). The same `couponDiscount` the cart charges with, so the
 * price a volume page shows is the price the cart takes.
 */
export function bookCouponPrice<C extends CouponRule>(coupons: readonly C[], book: CouponLine, now: number): BookCouponPrice<C> | null {
  if (book.price <= 0) return null;
  const best = bestCoupon(coupons, [book], now);
  if (!best) return null;
  return { coupon: best.coupon, discount: best.discount, couponPrice: book.price - best.discount };
}

/** A coupon the member holds that the cart is too small for yet (issue 34 item 13). */
interface CouponBelowMinimum<C extends CouponRule> {
  coupon: C;
  /** Yen more of the coupon's target books the cart needs before it can be used. */
  shortfall: number;
}

/**
 * The member's usable coupons that would apply to `lines` but for their minimum cart price
 * (an invitation ticket for 1,000円 and up, say), each with how much more to add; soonest
 * expiring first. The amount is counted the way `couponDiscount` checks the minimum: the
 * prices of the coupon's target books in the cart.
 */
export function couponsBelowMinimum<C extends CouponRule>(
  coupons: readonly C[],
  lines: readonly CouponLine[],
  now: number,
): CouponBelowMinimum<C>[] {
  const out: CouponBelowMinimum<C>[] = [];
  for (const coupon of coupons) {
    const result = couponDiscount(coupon, lines, now);
    if (result.ok || result.refusal !== CouponRefusal.PRICE_SHORTAGE) continue;
    const targeted = lines.filter((l) => isTargeted(coupon.couponTarget, l)).reduce((sum, l) => sum + l.price, 0);
    out.push({ coupon, shortfall: Math.max(coupon.minCartPrice - targeted, 1) });
  }
  return out.sort((a, b) => a.coupon.expireDatetime - b.coupon.expireDatetime || a.coupon.id - b.coupon.id);
}
