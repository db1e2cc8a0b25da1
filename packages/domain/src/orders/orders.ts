/**
 * Pure rules of orders (spec §4, §5, §3 point campaigns): order statuses and their transitions,
 * possession, point breakdown of a purchase, and the buy rules (free purchase, free on load,
 * free next book, long-press buy, the manga coin request price).
 */
import { EroticType } from '../catalog/catalog';
import { type PointCampaignLine } from '../campaigns/point-campaigns-api';
import type { PointCampaignType } from '../campaigns/point-campaigns';

/** §4 order statuses. */
export const OrderStatus = {
  INCOMPLETE: 'INCOMPLETE',
  COMPLETE: 'COMPLETE',
  PROCESSING: 'PROCESSING',
  DELIVERED: 'DELIVERED',
  CANCEL: 'CANCEL',
  GRANT_ERROR: 'GRANT_ERROR',
  PAYMENT_ERROR: 'PAYMENT_ERROR',
  PURCHASE_RESULT_ERROR: 'PURCHASE_RESULT_ERROR',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/**
 * Transitions the server allows. A coin-paid book order goes INCOMPLETE → COMPLETE in one
 * transaction; a carrier coin pack payment waits in PROCESSING for the provider's confirmation.
 * CANCEL of a COMPLETE order restores exactly the lots it spent. A pre-order goes COMPLETE →
 * DELIVERED when its books are released (the scheduler's delivery job); support may still cancel
 * it then. A carrier's approval whose result comes back failed is PURCHASE_RESULT_ERROR, an
 * approval that cannot be granted GRANT_ERROR, a declined or expired payment PAYMENT_ERROR.
 */
const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  INCOMPLETE: ['PROCESSING', 'COMPLETE', 'CANCEL', 'PAYMENT_ERROR'],
  PROCESSING: ['COMPLETE', 'CANCEL', 'PAYMENT_ERROR', 'GRANT_ERROR', 'PURCHASE_RESULT_ERROR'],
  COMPLETE: ['DELIVERED', 'CANCEL'],
  GRANT_ERROR: ['COMPLETE', 'CANCEL'],
  DELIVERED: ['CANCEL'],
  CANCEL: [],
  PAYMENT_ERROR: [],
  PURCHASE_RESULT_ERROR: [],
};
export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => orderTransitions[from].includes(to);

/** §4 possession. */
export const PossessionStatus = { OWNED: 'OWNED', RESERVED: 'RESERVED', NONE: 'NONE' } as const;
export type PossessionStatus = (typeof PossessionStatus)[keyof typeof PossessionStatus];

/** An entitlement to a book not yet released is RESERVED until its release instant, then OWNED. */
export function possessionAt(entitled: boolean, bookStartDatetime: number, now: number): PossessionStatus {
  if (!entitled) return PossessionStatus.NONE;
  return bookStartDatetime > now ? PossessionStatus.RESERVED : PossessionStatus.OWNED;
}

/** Types whose lines depend on who buys (a guest's or a tile's breakdown leaves them out). */
export const memberPointTypes: readonly PointCampaignType[] = ['first', 'firstStep', 'continueBuy'];

export interface PointCampaignRule {
  id: number;
  type: PointCampaignType;
  name: string;
  /** Percent of the price paid, rounded down; or a fixed `point` per book when rate is 0. */
  rate: number;
  point: number;
  start: number | null;
  end: number | null;
  expireDays: number;
  /** book: the book. */
  bookId: number | null;
  /** series: the title; bulkBuy, continueBuy, firstStep, newSeriesFirst, newlyBook: an optional scope. */
  titleId: number | null;
  /** bulkBuy: books of one title in one order needed. */
  minBooks: number;
  /** specificGenres: the genres whose books earn it. */
  genreIds?: readonly number[];
  /** publish: the publisher whose books earn it. */
  publisherId?: number | null;
}

/** A line of §3 Point campaign `list`: one campaign's share of a book's points (its schema: `orders-api.ts`). */
export type PointLine = PointCampaignLine;

export interface PointContext {
  bookId: number;
  titleId: number;
  /** Price paid for this book (coins and points). */
  price: number;
  isFirstPurchase: boolean;
  /** Books of this book's title in the same order. */
  sameTitleBooks: number;
  now: number;
  /** The book's facts (specificGenres, publish, newSeriesFirst, newlyBook). */
  genreId?: number | null;
  publisherId?: number | null;
  vol?: number;
  /** When the book went or goes on sale. */
  bookStartDatetime?: number;
  /** Books of this title the member already holds; unknown (a guest, a tile) leaves firstStep and continueBuy out. */
  ownedInTitle?: number;
  /** Bought as part of a bundle. */
  inBundle?: boolean;
  /** Bought before release (a pre-order): `preOrderBasic` then replaces `basic`. */
  preOrder?: boolean;
}

export const campaignActive = (c: Pick<PointCampaignRule, 'start' | 'end'>, now: number): boolean =>
  (c.start === null || c.start <= now) && (c.end === null || now < c.end);

const inScope = (c: PointCampaignRule, ctx: PointContext) => c.titleId === null || c.titleId === ctx.titleId;

function applies(c: PointCampaignRule, ctx: PointContext): boolean {
  if (!campaignActive(c, ctx.now)) return false;
  switch (c.type) {
    case 'basic':
      return true;
    case 'preOrderBasic':
      return ctx.preOrder === true;
    case 'specificGenres':
      return ctx.genreId != null && (c.genreIds ?? []).includes(ctx.genreId);
    case 'bundle':
      return ctx.inBundle === true;
    case 'continueBuy':
      return ctx.ownedInTitle !== undefined && ctx.ownedInTitle >= 1 && inScope(c, ctx);
    case 'first':
      return ctx.isFirstPurchase;
    case 'firstStep':
      return ctx.ownedInTitle === 0 && inScope(c, ctx);
    case 'book':
      return c.bookId === ctx.bookId;
    case 'series':
      return c.titleId === ctx.titleId;
    case 'bulkBuy':
      return inScope(c, ctx) && ctx.sameTitleBooks >= Math.max(2, c.minBooks);
    case 'newSeriesFirst':
      // The first volume of a series launched since the campaign began.
      return ctx.vol === 1 && ctx.bookStartDatetime !== undefined && ctx.bookStartDatetime >= (c.start ?? 0) && inScope(c, ctx);
    case 'newlyBook':
      // A volume released (or to be released) since the campaign began.
      return ctx.bookStartDatetime !== undefined && ctx.bookStartDatetime >= (c.start ?? 0) && inScope(c, ctx);
    case 'publish':
      return ctx.publisherId != null && c.publisherId === ctx.publisherId;
  }
}

/** Points one campaign gives for a price: a percentage rounded down, or its fixed points. */
const campaignPoints = (c: Pick<PointCampaignRule, 'rate' | 'point'>, price: number): number =>
  price <= 0 ? 0 : c.rate > 0 ? Math.floor((price * c.rate) / 100) : c.point;

/** The §3 breakdown of the points a book earns; lines worth 0 points are left out. */
export function pointBreakdown(campaigns: readonly PointCampaignRule[], ctx: PointContext): { totalPoint: number; list: PointLine[] } {
  const list: PointLine[] = [];
  const preOrderBasic = campaigns.some((c) => c.type === 'preOrderBasic' && applies(c, ctx));
  for (const c of campaigns) {
    if (!applies(c, ctx)) continue;
    if (c.type === 'basic' && preOrderBasic) continue; // a pre-order earns the pre-order basic rate instead
    const point = campaignPoints(c, ctx.price);
    if (point <= 0) continue;
    list.push({ id: c.id, type: c.type, name: c.name, point, rate: c.rate, start: c.start, end: c.end, expireDays: c.expireDays });
  }
  return { totalPoint: list.reduce((sum, l) => sum + l.point, 0), list };
}

/**
 * The 即時還元 coins a book tile shows (§2): the points anyone buying this one book now earns —
 * the breakdown without the lines that depend on the member.
 */
export function tileRefundPoints(
  campaigns: readonly PointCampaignRule[],
  ctx: Omit<PointContext, 'isFirstPurchase' | 'sameTitleBooks' | 'ownedInTitle'>,
): number {
  let general = generalCampaigns.get(campaigns);
  if (general === undefined) generalCampaigns.set(campaigns, (general = campaigns.filter((c) => !memberPointTypes.includes(c.type))));
  if (general.length === 0) return 0;
  return pointBreakdown(general, { ...ctx, isFirstPurchase: false, sameTitleBooks: 1 }).totalPoint;
}

/**
 * The campaigns of a list that do not depend on the member, by list: the running campaigns are a
 * kept list, and a page's tiles (thirty and more on a series page) each asked for them (issue 36).
 */
const generalCampaigns = new WeakMap<readonly PointCampaignRule[], readonly PointCampaignRule[]>();

/** §5 Point detail total = total points plus price-range points (0). */
const PRICE_RANGE_POINTS = 0;
export const pointDetailTotal = (totalPoint: number): number => totalPoint + PRICE_RANGE_POINTS;

/** A book as the buy rules see it. */
export interface BuyableBook {
  price: number;
  free: boolean;
  salable: boolean;
  eroticType: number;
}

/**
 * §4 free book on load: a free, salable, unbought book is bought for a logged-in member —
 * except an R18 book while the member's adult check is NONE.
 */
export function buysFreeOnLoad(loggedIn: boolean, book: BuyableBook, owned: boolean, adultChecked: boolean): boolean {
  if (!loggedIn || !book.free || !book.salable || owned) return false;
  return !(book.eroticType === EroticType.R18 && !adultChecked);
}

/** §5: a free next-book purchase needs a next book id that is free. */
export function freeNextBookRefusal(nextBookId: number | null, nextBook: BuyableBook | null): string | null {
  if (nextBookId === null) return 'Next book id is null';
  if (!nextBook || !nextBook.free) return 'Next book is not free';
  return null;
}

/** §5 long-press buy: only when not the first purchase and the balance of the payment type covers the price. */
export const longPressBuyAvailable = (isFirstPurchase: boolean, balance: number, price: number): boolean =>
  !isFirstPurchase && balance >= price;

/** §4: if the coin balance is 0 and the default payment type is COIN, switch to MANGA_COIN. */
export function effectivePaymentType<T extends string>(
  defaultType: T | 'COIN' | 'MANGA_COIN',
  coinBalance: number,
): T | 'COIN' | 'MANGA_COIN' {
  return defaultType === 'COIN' && coinBalance === 0 ? 'MANGA_COIN' : defaultType;
}
