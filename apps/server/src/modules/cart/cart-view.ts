import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { checkCartItem, orderTotals } from '@hondana/domain/cart/cart';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import {
  type CartCouponView,
  CartItemError,
  CartItemLevel,
  type CartItemView,
  CartStatus,
  type CartView,
  CartType,
} from '@hondana/domain/cart/cart-api';
import { EroticType, priceAt } from '@hondana/domain/catalog/catalog';
import { type CouponLine, type CouponRule, applicableCoupons, couponDiscount, couponsBelowMinimum } from '@hondana/domain/cart/coupons';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { coverUrl } from '@hondana/domain/catalog/media-urls';
import { type PointCampaignRule, type PointLine, pointBreakdown } from '@hondana/domain/orders/orders';
import type { Db } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';
import { activeCampaigns, isFirstPaying } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { balances } from '../ledger/ledger';
import { allocateBundlePrice } from '@hondana/domain/cart/cart-checkout';
import { type BundleRow, bundleOnSale, bundlesById } from './bundle.repository';
import { type CartRow, cartRows, chosenCouponId, memberCoupons } from './cart.repository';

const COVER_WIDTH = 128;

export interface CartMember {
  userId: number;
  adultChecked: boolean;
}

/** A cart line priced at `now`, with its validity. */
interface PricedLine {
  row: CartRow;
  view: CartItemView;
  coupon: CouponLine;
  /** The bundle's name when the row belongs to one. */
  bundleName?: string;
}

/** Everything the preview, the coupon calls and the order read of a member's cart at `now`. */
export interface CartState {
  /** An active bundle can no longer be bought as a whole (§5 BUNDLE_INVALID). */
  bundleInvalid: boolean;
  active: PricedLine[];
  later: PricedLine[];
  valid: PricedLine[];
  coupons: CouponRule[];
  chosen: CouponRule | null;
  campaigns: PointCampaignRule[];
  isFirstPaying: boolean;
}

export async function loadCart(db: Db, member: CartMember, now: number): Promise<CartState> {
  const rows = await cartRows(db, member.userId);
  const [owned, coupons, chosenId, campaigns, firstPaying, bundles] = await Promise.all([
    entitledBookIds(
      db,
      member.userId,
      rows.map((r) => r.id),
    ),
    memberCoupons(db, member.userId),
    chosenCouponId(db, member.userId),
    activeCampaigns(db, now),
    isFirstPaying(db, member.userId),
    bundlesById(db, [...new Set(rows.flatMap((r) => (r.bundle_id === null ? [] : [r.bundle_id])))]),
  ]);
  const lines = rows.map((row) => priceLine(row, owned.has(row.id), member.adultChecked, now));
  for (const group of bundleGroups(lines)) priceBundle(group, bundles.get(group[0]!.row.bundle_id!), now);
  const active = lines.filter((l) => l.row.state === 'ACTIVE');
  return {
    bundleInvalid: active.some((l) => l.row.bundle_id !== null && !l.view.validFlg),
    active,
    later: lines.filter((l) => l.row.state === 'LATER'),
    valid: active.filter((l) => l.view.validFlg),
    coupons,
    chosen: coupons.find((c) => c.id === chosenId) ?? null,
    campaigns,
    isFirstPaying: firstPaying,
  };
}

function priceLine(row: CartRow, owned: boolean, adultChecked: boolean, now: number): PricedLine {
  const at = priceAt(toPricing(row), now);
  const salable = isBuyableNow(
    salesStatusAt({ salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime }, now),
  );
  const check = checkCartItem({
    owned,
    salable,
    adultOnly: row.erotic_type === EroticType.R18,
    adultChecked,
    priceWhenAdded: row.price_at_add,
    price: at.price,
  });
  const view: CartItemView = {
    cartId: row.cart_id,
    cartType: row.cart_type === CartType.BULK ? CartType.BULK : CartType.BOOK,
    bookId: row.id,
    titleId: row.title_id,
    name: row.contents_name,
    imageUrl: coverUrl(row.id, COVER_WIDTH, row.media_version),
    price: at.price,
    salePrice: at.price,
    regularPrice: row.price,
    priceIncTax: at.price,
    discountAmount: row.price - at.price,
    validFlg: check.validFlg,
    level: check.level,
    errors: check.errors,
    errorMessage: check.errors[0] ?? null,
    salable,
    saleEndDatetime: at.endDatetime,
    point: 0,
    status: row.state,
    bundleId: null,
    bundleBooks: [],
    bundleFirstBookId: null,
  };
  const coupon = { bookId: row.id, titleId: row.title_id, publisherId: row.publisher_id, genreId: row.genre_id, price: at.price };
  return { row, view, coupon };
}

/** The coupon discount on the valid lines; a chosen coupon that no longer applies is COUPON_INVALID. */
function discountOf(state: CartState, now: number): { discount: number; error: string | null } {
  if (!state.chosen) return { discount: 0, error: null };
  const result = couponDiscount(
    state.chosen,
    state.valid.map((l) => l.coupon),
    now,
  );
  return result.ok ? { discount: result.discount, error: null } : { discount: 0, error: result.refusal };
}

/** Points each valid line earns (§3 Point campaign), summed per campaign. */
export function earnedPoints(state: CartState, now: number): { perBook: Map<number, number>; summary: PointCampaignSummary } {
  const byCampaign = new Map<number, PointLine>();
  const perBook = new Map<number, number>();
  for (const line of state.valid) {
    const { totalPoint, list } = pointBreakdown(state.campaigns, {
      bookId: line.row.id,
      titleId: line.row.title_id,
      price: line.view.price,
      isFirstPurchase: state.isFirstPaying,
      sameTitleBooks: state.valid.filter((l) => l.row.title_id === line.row.title_id).length,
      now,
      inBundle: line.row.bundle_id !== null,
    });
    perBook.set(line.row.id, totalPoint);
    for (const l of list) {
      const seen = byCampaign.get(l.id);
      byCampaign.set(l.id, seen ? { ...seen, point: seen.point + l.point } : { ...l });
    }
  }
  const list = [...byCampaign.values()];
  return { perBook, summary: { totalPoint: list.reduce((s, l) => s + l.point, 0), list } };
}

const couponView = (c: CouponRule, discount: number): CartCouponView => ({
  id: c.id,
  name: c.name,
  couponType: c.couponType,
  rate: c.rate,
  discount,
});

/** The §3 Cart / Order preview of a member's cart; `usePoint` checked against the balance. */
export async function cartView(
  db: Db,
  member: CartMember,
  input: { usePoint: number; allUsePoint: boolean },
  now: number,
): Promise<CartView> {
  const state = await loadCart(db, member, now);
  const { COIN: coin, MANGA_COIN: mangaCoin, POINT: point } = await balances(db, member.userId, now);
  const { discount, error } = discountOf(state, now);
  const prices = state.valid.map((l) => l.view.price);
  const base = { prices, regularPrices: state.valid.map((l) => l.view.regularPrice), couponDiscount: discount, pointBalance: point };
  const maxUse = Math.min(point, prices.reduce((s, p) => s + p, 0) - discount);
  const totals = orderTotals({ ...base, usePoint: input.allUsePoint ? maxUse : input.usePoint });
  if (!totals.ok) throw new AppError(403, ErrorCode[totals.refusal], [`use_point: ${totals.refusal}`]);
  const points = earnedPoints(state, now);
  const withPoints = (l: PricedLine) => ({ ...l.view, point: points.perBook.get(l.row.id) ?? 0 });
  const applicable = applicableCoupons(
    state.coupons,
    state.valid.map((l) => l.coupon),
    now,
  );
  const best = applicable[0] ?? null;
  return {
    ...totals.totals,
    cartStatus:
      state.active.length === 0
        ? CartStatus.CART_EMPTY
        : state.bundleInvalid
          ? CartStatus.BUNDLE_INVALID
          : state.valid.length < state.active.length
            ? CartStatus.INVALID
            : CartStatus.NORMAL,
    items: cartLines(state.active.map((l) => ({ ...l, view: withPoints(l) }))),
    invalidItems: cartLines(state.active.filter((l) => !l.view.validFlg)),
    myCoin: coin,
    myMangaCoin: mangaCoin,
    myPoint: point,
    isFirstPaying: state.isFirstPaying,
    cartCoupon: state.chosen ? couponView(state.chosen, discount) : null,
    suggestedCoupon: best && best.discount > discount ? couponView(best.coupon, best.discount) : null,
    applicableCoupons: applicable.map((a) => couponView(a.coupon, a.discount)),
    couponError: error,
    pendingCoupons: couponsBelowMinimum(
      state.coupons,
      state.valid.map((l) => l.coupon),
      now,
    ).map(({ coupon: c, shortfall }) => ({
      id: c.id,
      name: c.name,
      couponType: c.couponType,
      rate: c.rate,
      minCartPrice: c.minCartPrice,
      shortfall,
    })),
    points: points.summary,
  };
}

/** Rows added with one bundle and still in one list (cart or buy later), in cart order. */
function bundleGroups(lines: PricedLine[]): PricedLine[][] {
  const groups = new Map<string, PricedLine[]>();
  for (const line of lines) {
    if (line.row.bundle_id === null) continue;
    const key = `${line.row.bundle_id}:${line.row.state}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()];
}

/**
 * A bundle's rows priced as one: when the bundle is on sale and every one of its books is in the
 * group and buyable, the bundle price is split over them (`allocateBundlePrice`); otherwise the
 * whole group is invalid (BUNDLE_INVALID: a book bought meanwhile, the sale over, a book missing).
 */
function priceBundle(group: PricedLine[], bundle: BundleRow | undefined, now: number): void {
  const inGroup = new Set(group.map((l) => l.row.id));
  const whole = bundle !== undefined && bundle.bookIds.length === inGroup.size && bundle.bookIds.every((id) => inGroup.has(id));
  const buyable = whole && bundleOnSale(bundle, now) && group.every((l) => l.view.validFlg);
  const ordered = bundle ? bundle.bookIds.flatMap((id) => group.filter((l) => l.row.id === id)) : group;
  const shares = buyable
    ? allocateBundlePrice(
        bundle.bundle_price,
        ordered.map((l) => l.view.price),
      )
    : [];
  ordered.forEach((line, i) => {
    const view = line.view;
    if (bundle) line.bundleName = bundle.name;
    view.bundleId = line.row.bundle_id;
    view.bundleBooks = ordered.map((l) => l.row.id);
    view.bundleFirstBookId = ordered[0]!.row.id;
    if (buyable) {
      view.price = shares[i]!;
      view.salePrice = shares[i]!;
      view.priceIncTax = shares[i]!;
      view.discountAmount = view.regularPrice - shares[i]!;
      // The bundle price is what was agreed: a single book's price change does not concern it.
      if (view.errors.includes(CartItemError.CHANGED_PRICE))
        Object.assign(view, { level: CartItemLevel.NONE, errors: [], errorMessage: null });
      line.coupon = { ...line.coupon, price: shares[i]! };
    } else if (view.validFlg) {
      Object.assign(view, {
        validFlg: false,
        level: CartItemLevel.ERROR,
        errors: [CartItemError.INVALID_ITEM],
        errorMessage: CartItemError.INVALID_ITEM,
      });
    }
  });
}

/**
 * The lines the member sees: a bundle's rows become one §3 Cart item (cartType BUNDLE, the
 * first book's id and cart id, bundleBooks, the bundle's total price and points).
 */
export function cartLines(lines: PricedLine[]): CartItemView[] {
  const out: CartItemView[] = [];
  const merged = new Map<string, CartItemView>();
  for (const { row, view, bundleName } of lines) {
    if (row.bundle_id === null) {
      out.push(view);
      continue;
    }
    const key = `${row.bundle_id}:${row.state}`;
    const seen = merged.get(key);
    if (!seen) {
      const first: CartItemView = {
        ...view,
        cartType: CartType.BUNDLE,
        bookId: view.bundleFirstBookId ?? view.bookId,
        name: bundleName ?? view.name,
      };
      merged.set(key, first);
      out.push(first);
      continue;
    }
    seen.price += view.price;
    seen.salePrice += view.salePrice;
    seen.priceIncTax += view.priceIncTax;
    seen.regularPrice += view.regularPrice;
    seen.discountAmount += view.discountAmount;
    seen.point += view.point;
    seen.cartId = Math.min(seen.cartId, view.cartId);
    seen.errors = [...new Set([...seen.errors, ...view.errors])];
    seen.errorMessage = seen.errors[0] ?? null;
    if (!view.validFlg) Object.assign(seen, { validFlg: false, level: CartItemLevel.ERROR });
    if (view.bookId === view.bundleFirstBookId) Object.assign(seen, { imageUrl: view.imageUrl, titleId: view.titleId });
  }
  return out;
}
