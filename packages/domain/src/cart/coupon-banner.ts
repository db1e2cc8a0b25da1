/**
 * The guest coupon banner of §2/§5 and the banner priority of §4, as pure rules.
 * Zod-free and small: the book page computes the banner on the server, so none of this has to
 * reach the series page's eager JavaScript.
 *
 * Money (integer yen, tax included, the rounding of `coupons.ts`):
 * - discount % (type 1): price − floor(price × rate / 100);
 * - reduction ¥ (type 2): price − min(rate, price);
 * - step coupons (3, 4): one book is shown at the rate of the first step (the lowest
 *   requiredStepCount), the least the coupon gives once it applies — the banner never promises
 *   more than a member gets.
 * The coupon price is never negative and never above the price.
 */
import { formatTokyoDeadline } from '../common/tokyo-format';
import { type CouponLine, type CouponStep, type CouponTarget, CouponType, couponRemainingText, isTargeted } from './coupons';

export const GUEST_COUPON_LABEL = 'クーポン適用価格';
const HALF_PRICE_COUPON_LABEL = '半額クーポン適用価格';

/** The §3 Guest coupon as the banner needs it. */
export interface GuestCouponOffer {
  name: string;
  couponType: number;
  /** Percent for a discount coupon, yen for a reduction; null for a step coupon. */
  rate: number | null;
  /** Most books the coupon discounts ("up to {limit} books"); null: no limit. */
  limit: number | null;
  steps: readonly CouponStep[];
  couponTarget: CouponTarget;
  expireDatetime: number;
  /** §3 Guest coupon imageUrl; null or absent: the store's coupon image. */
  imageUrl?: string | null;
}

/** §9 the banner's image, square: 60 px from the tablet width (768) up, 40 below it. */
export const COUPON_BANNER_IMAGE = { tablet: 60, other: 40 } as const;

/** The store's coupon image (apps/web/public), for a guest coupon without its own. */
export const DEFAULT_COUPON_IMAGE = '/images/coupon.svg';

/**
 * §9 the remaining days' suffix, shown only from the tablet width up: the coupon's last day as
 * `（yyyy年M月d日まで）` (Asia/Tokyo; an end at midnight names the day before, as every
 * deadline does). null on the last day, where 今日まで already says it, and once expired.
 */
export function couponRemainingSuffix(expireDatetime: number, now: number): string | null {
  const remaining = expireDatetime - now;
  if (remaining <= 24 * 60 * 60 * 1000) return null;
  const day = formatTokyoDeadline(expireDatetime, 'long');
  return day === null ? null : `（${day}まで）`;
}

/**
 * §5 label of the banner; null hides it (rate 0, or rate null without steps). 半額 for a 50 %
 * discount, '{rate}%OFF' for another discount, the plain label for reductions and steps (a
 * yen amount is not a percentage).
 */
export function guestCouponBannerLabel(offer: Pick<GuestCouponOffer, 'couponType' | 'rate' | 'steps'>): string | null {
  if (offer.rate === 0) return null;
  if (offer.rate === null) return offer.steps.length > 0 ? GUEST_COUPON_LABEL : null;
  if (offer.rate < 0) return null;
  if (offer.couponType !== CouponType.DISCOUNT) return GUEST_COUPON_LABEL;
  if (offer.rate === 50) return HALF_PRICE_COUPON_LABEL;
  return `${offer.rate}%OFF${GUEST_COUPON_LABEL}`;
}

const percentOff = (price: number, rate: number) => Math.floor((price * Math.min(Math.max(rate, 0), 100)) / 100);

/** The first step (lowest requiredStepCount; ties: lowest stepNumber), or null. */
export function firstStep(steps: readonly CouponStep[]): CouponStep | null {
  let first: CouponStep | null = null;
  for (const s of steps) {
    if (
      !first ||
      s.requiredStepCount < first.requiredStepCount ||
      (s.requiredStepCount === first.requiredStepCount && s.stepNumber < first.stepNumber)
    )
      first = s;
  }
  return first;
}

/** One book's price with the coupon applied (see the rounding above). */
export function couponAppliedPrice(offer: Pick<GuestCouponOffer, 'couponType' | 'rate' | 'steps'>, price: number): number {
  const safe = Math.max(Math.trunc(price), 0);
  let discount = 0;
  switch (offer.couponType) {
    case CouponType.DISCOUNT:
      discount = percentOff(safe, offer.rate ?? 0);
      break;
    case CouponType.REDUCTION:
      discount = Math.max(Math.trunc(offer.rate ?? 0), 0);
      break;
    case CouponType.STEP_BOOK_COUNT:
    case CouponType.STEP_TITLE_COUNT:
      discount = percentOff(safe, firstStep(offer.steps)?.stepRate ?? 0);
      break;
    default:
      discount = 0;
  }
  return safe - Math.min(discount, safe);
}

export interface GuestCouponBannerView {
  name: string;
  label: string;
  price: number;
  couponPrice: number;
  limit: number | null;
  /** 残り{n}日 (ceil of the remaining time in days) or 今日まで on the last day. */
  remaining: string;
  /** The suffix shown from the tablet width up (`couponRemainingSuffix`). */
  remainingSuffix: string | null;
  /** The coupon's image, else the store's. */
  imageUrl: string;
}

/**
 * The banner for one book: null when the label hides it, the coupon has expired, the book is
 * not one of its targets, or the book costs nothing (a coupon cannot lower a free book).
 */
export function guestCouponBanner(offer: GuestCouponOffer, book: CouponLine, now: number): GuestCouponBannerView | null {
  const label = guestCouponBannerLabel(offer);
  const remaining = couponRemainingText(offer.expireDatetime - now);
  if (label === null || remaining === null || book.price <= 0 || !isTargeted(offer.couponTarget, book)) return null;
  return {
    name: offer.name,
    label,
    price: book.price,
    couponPrice: couponAppliedPrice(offer, book.price),
    limit: offer.limit,
    remaining,
    remainingSuffix: couponRemainingSuffix(offer.expireDatetime, now),
    imageUrl: offer.imageUrl || DEFAULT_COUPON_IMAGE,
  };
}

/** §4: the banners a book page may show, highest priority first; only one shows. */
export const BannerKind = { GUEST_COUPON: 'guestCoupon', INVITATION: 'invitation', APP: 'app' } as const;
export type BannerKind = (typeof BannerKind)[keyof typeof BannerKind];

/** §9 banner re-show: a dismissed banner shows again 24 hours after it was closed. */
export const BANNER_RESHOW_MS = 24 * 60 * 60 * 1000;

/** Never dismissed, or dismissed 24 hours ago or more. */
export const bannerVisibleAfterDismissal = (dismissedAt: number | null | undefined, now: number): boolean =>
  dismissedAt === null || dismissedAt === undefined || !(dismissedAt > 0) || now - dismissedAt >= BANNER_RESHOW_MS;

interface BannerFacts {
  loggedIn: boolean;
  /** A guest coupon is available and this book is one of its targets. */
  guestCouponForBook: boolean;
  invitation: { campaign: boolean; incentive: boolean; limitReached: boolean } | null;
  /** Local dismissal instants (epoch ms) by banner. */
  dismissedAt: Partial<Record<BannerKind, number | null>>;
  now: number;
}

/** §4 banner priority: guest coupon (guest), then friend invitation, then app banner (members). */
export function chooseBanner(facts: BannerFacts): BannerKind | null {
  const open = (kind: BannerKind) => bannerVisibleAfterDismissal(facts.dismissedAt[kind], facts.now);
  if (!facts.loggedIn) return facts.guestCouponForBook && open(BannerKind.GUEST_COUPON) ? BannerKind.GUEST_COUPON : null;
  const inv = facts.invitation;
  if (inv && inv.campaign && inv.incentive && !inv.limitReached && open(BannerKind.INVITATION)) return BannerKind.INVITATION;
  return open(BannerKind.APP) ? BannerKind.APP : null;
}
