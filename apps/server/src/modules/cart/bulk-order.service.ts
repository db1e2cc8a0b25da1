import type { OrderV3Response } from '@hondana/domain/cart/cart-api';
import { type BulkOrderBody, type BulkQuote, type BulkQuoteQuery } from '@hondana/domain/cart/bulk-buy-api';
import { type BulkVolume, pickBulkVolumes } from '@hondana/domain/cart/bulk-buy';
import { type CouponLine, type CouponRule, applicableCoupons, couponDiscount } from '@hondana/domain/cart/coupons';
import { SalesStatus } from '@hondana/domain/catalog/catalog';
import { salesStatusAt } from '@hondana/domain/catalog/books';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { balances, withRetry } from '../ledger/ledger';
import { entitledBookIds } from '../orders/entitlements';
import { type PurchasableBookRow, booksForPurchase } from '../orders/order-rows';
import { type PricedBook, priceBooks, purchase } from '../orders/purchase';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { chosenCouponId, memberCoupons, titleBookIds } from './cart.repository';
import type { CartMember } from './cart-view';
import { CART_TOKEN_PURPOSE, completeCoinOrder } from './checkout.service';

const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);
const couponLine = (b: PricedBook): CouponLine => ({
  bookId: b.row.id,
  titleId: b.row.title_id,
  publisherId: b.row.publisher_id,
  genreId: b.row.genre_id,
  price: b.price,
});
const salesWindow = (r: PurchasableBookRow) => ({
  salesStatus: r.sales_status,
  startDatetime: r.start_datetime,
  endDatetime: r.end_datetime,
});

/**
 * `GET /cart/bulk/quote` (まとめ買い): the volumes of the picked range the member can buy now,
 * priced and with their points as the order will work them out (the wallet's `priceBooks`), the
 * member's best coupon for them, and the left-out volumes (owned, not released yet).
 */
export async function bulkQuote(db: Kysely<Database>, member: CartMember, query: BulkQuoteQuery, now: number): Promise<BulkQuote> {
  const ids = (await titleBookIds(db, query.title_id)).map((r) => r.id);
  if (ids.length === 0) throw notFound('title');
  const [rows, owned, { MANGA_COIN: mangaCoin, COIN: coin }] = await Promise.all([
    booksForPurchase(db, ids),
    entitledBookIds(db, member.userId, ids),
    balances(db, member.userId, now),
  ]);
  const volumes: BulkVolume[] = rows.map((r) => {
    const status = salesStatusAt(salesWindow(r), now);
    return {
      bookId: r.id,
      vol: r.vol,
      owned: owned.has(r.id),
      onSale: status === SalesStatus.ON_SALE,
      unreleased: status === SalesStatus.IN_RESERVATION,
    };
  });
  const pick = pickBulkVolumes(volumes, { fromVol: query.from_vol, count: query.count });
  const base = {
    titleId: query.title_id,
    ownedVols: pick.ownedVols,
    unreleasedVols: pick.unreleasedVols,
    myMangaCoin: mangaCoin,
    myCoin: coin,
  };
  if (pick.bookIds.length === 0) {
    return { ...base, volumes: [], bookIds: [], totalPrice: 0, coupon: null, payPrice: 0, pointCampaign: { totalPoint: 0, list: [] } };
  }
  const priced = await priceBooks(db, purchaseRequest(member, pick.bookIds, now), false);
  const best =
    query.use_coupon === 1
      ? (applicableCoupons(await memberCoupons(db, member.userId), priced.books.map(couponLine), now)[0] ?? null)
      : null;
  const discount = best ? Math.min(best.discount, priced.totalPrice) : 0;
  return {
    ...base,
    volumes: priced.books.map((b) => ({ bookId: b.row.id, vol: b.row.vol, name: b.row.contents_name, price: b.price })),
    bookIds: pick.bookIds,
    totalPrice: priced.totalPrice,
    coupon: best ? { id: best.coupon.id, name: best.coupon.name, discount } : null,
    payPrice: priced.totalPrice - discount,
    pointCampaign: priced.pointCampaign,
  };
}

function purchaseRequest(member: CartMember, bookIds: readonly number[], now: number) {
  return {
    userId: member.userId,
    adultChecked: member.adultChecked,
    bookIds,
    currency: 'MANGA_COIN' as const,
    usePoint: 0,
    buyFree: false,
    now,
  };
}

/**
 * `POST /cart/bulk/order` (まとめ買い): the quoted volumes of one title as one coin order, once per
 * token, through the wallet's `purchase` and the cart's order steps (`completeCoinOrder`): the
 * server prices every book again (another total → DIFF_PRICE_REQUEST), a book of another title is
 * DIFF_CART_ITEMS_REQUEST, an owned one ALREADY_BUY, an unreleased one NOT_ON_RELEASE, a coupon
 * the member does not have USER_COUPO_NOT_EXISTS and one that does not apply COUPON_INVALID; any
 * refusal charges nothing. The cart keeps its other items.
 */
export function bulkOrder(
  db: Kysely<Database>,
  member: CartMember,
  input: BulkOrderBody & { token: string },
  now: number,
): Promise<StoredResponse<OrderV3Response>> {
  const { token, ...body } = input;
  return withRetry(() =>
    withOneTimeToken(db, { token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { bulk: body }, now }, async (trx) => {
      const bookIds = [...new Set(body.bookIds)];
      const rows = await booksForPurchase(trx, bookIds);
      if (rows.length !== bookIds.length) throw notFound('book');
      const other = rows.find((r) => r.title_id !== body.titleId);
      if (other) throw refuse(ErrorCode.DIFF_CART_ITEMS_REQUEST, `bookIds: ${other.id} is not a volume of title ${body.titleId}`);
      const coupon = body.couponId === null ? null : await memberCoupon(trx, member.userId, body.couponId);
      let discount = 0;
      const bought = await purchase(trx, {
        ...purchaseRequest(member, bookIds, now),
        currency: body.paymentType,
        expectedPrice: body.salePrice,
        discountFor: (books) => {
          if (!coupon) return 0;
          const result = couponDiscount(coupon, books.map(couponLine), now);
          if (!result.ok) throw refuse(ErrorCode.COUPON_INVALID, `couponId: ${result.refusal}`);
          discount = Math.min(
            result.discount,
            books.reduce((s, b) => s + b.price, 0),
          );
          return discount;
        },
      });
      const clearChosenCoupon = coupon !== null && (await chosenCouponId(trx, member.userId)) === coupon.id;
      return completeCoinOrder(
        trx,
        { userId: member.userId, bookIds, couponId: coupon?.id ?? null, discount, clearChosenCoupon, now },
        bought,
      );
    }),
  );
}

async function memberCoupon(db: Db, userId: number, couponId: number): Promise<CouponRule> {
  const coupon = (await memberCoupons(db, userId)).find((c) => c.id === couponId);
  if (!coupon) throw new AppError(404, ErrorCode.USER_COUPO_NOT_EXISTS, ['couponId: the member has no such coupon']);
  return coupon;
}
