import { coverUrl } from '@hondana/domain/catalog/media-urls';
import type {
  BasicPointCampaignResponse,
  OrderItemView,
  PaymentHistoryItem,
  PaymentsResponse,
  RecentlyBoughtResponse,
  UserBooksResponse,
} from '@hondana/domain/orders/orders-api';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { type OrderStatus, PossessionStatus } from '@hondana/domain/orders/orders';
import { type PaymentType, paymentTypeCode } from '@hondana/domain/wallet/wallet-payments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storedResponseOf } from '../tokens/one-time-tokens';
import { BUY_TOKEN_PURPOSE, MANGA_COIN_BUY_TOKEN_PURPOSE } from './buy.service';
import { possessionsOf } from './entitlements';
import * as history from './history.repository';
import { activeCampaigns } from './orders.repository';
import { pointsForBook } from './purchase';

const ITEM_COVER_WIDTH = 128;
const PURCHASE_TOKEN_PURPOSES = [BUY_TOKEN_PURPOSE, MANGA_COIN_BUY_TOKEN_PURPOSE] as const;

async function itemsOf(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, OrderItemView[]>> {
  const byOrder = new Map<number, OrderItemView[]>();
  if (orderIds.length === 0) return byOrder;
  for (const r of await history.orderItemRows(db, orderIds)) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      bookId: r.book_id,
      name: r.contents_name,
      vol: r.vol,
      titleId: r.title_id,
      price: r.price,
      imageUrl: coverUrl(r.book_id, ITEM_COVER_WIDTH, r.media_version),
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/**
 * A member's serial episode rentals paid with coins as `/order/payments` lists them: the first
 * `take`, newest first, and how many in all. `app.ts` passes the serials' `rentalPayments`
 * (serials read orders' entitlements, so orders do not import serials).
 */
export type RentalPayments = (
  db: Kysely<Database>,
  userId: number,
  take: number,
) => Promise<{ total: number; items: PaymentHistoryItem[] }>;

/** `/order/payments`: book orders, coin pack payments and coin rentals of serial episodes, newest first. */
export async function payments(
  db: Kysely<Database>,
  userId: number,
  page: { offset: number; limit: number },
  rentalPayments: RentalPayments,
): Promise<PaymentsResponse> {
  // Orders and rentals are merged by date: the first offset + limit of each cover the page.
  const take = page.offset + page.limit;
  const [{ rows, totalCount }, rentals] = await Promise.all([history.latestOrders(db, userId, take), rentalPayments(db, userId, take)]);
  const items = await itemsOf(
    db,
    rows.filter((r) => r.kind === 'BOOK').map((r) => r.id),
  );
  const list: PaymentHistoryItem[] = rows.map((r) => ({
    orderId: r.id,
    orderDatetime: r.created_at,
    kind: r.kind === 'BOOK' ? 'BOOK' : 'MANGA_COIN',
    status: r.status as OrderStatus,
    paymentType: r.payment_type as PaymentType,
    paymentTypeCode: paymentTypeCode[r.payment_type as PaymentType] ?? -2,
    totalPrice: r.total_price,
    usePoint: r.use_point,
    point: r.point,
    items: items.get(r.id) ?? [],
    coinItem: r.kind === 'BOOK' ? null : { coin: r.coin, bonus: r.bonus, bonusPoint: r.bonus_point },
  }));
  const merged = [...list, ...rentals.items].sort((a, b) => b.orderDatetime - a.orderDatetime);
  return { totalCount: totalCount + rentals.total, payments: merged.slice(page.offset, page.offset + page.limit) };
}

/** `/user/recently_bought/v3`: one completed book order of the member (transactionId = orderId), or null. */
export async function recentlyBought(db: Kysely<Database>, userId: number, orderId: number): Promise<RecentlyBoughtResponse | null> {
  const order = await history.memberBookOrder(db, userId, orderId);
  if (!order) return null;
  const items = (await itemsOf(db, [orderId])).get(orderId) ?? [];
  const totalPrice = items.reduce((s, i) => s + i.price, 0);
  return {
    totalCount: items.length,
    totalPrice,
    totalPriceIncTax: totalPrice,
    bookIds: items.map((i) => i.bookId),
    orderId,
    items,
    isFirstPaying: order.is_first_paying === 1,
  };
}

/** `/user_books/me/by_book` and `/v2` (§3 User book); a guest gets an empty list (§5). */
export async function userBooks(db: Kysely<Database>, userId: number | null, bookIds: number[], now: number): Promise<UserBooksResponse> {
  if (userId === null) return { userBooks: [] };
  const [possession, carted] = await Promise.all([possessionsOf(db, userId, bookIds, now), history.booksInActiveCart(db, userId, bookIds)]);
  return {
    userBooks: bookIds.map((bookId) => {
      const possessionStatus = possession.get(bookId) ?? PossessionStatus.NONE;
      return { bookId, bought: possessionStatus !== PossessionStatus.NONE, coupons: [], possessionStatus, isInCart: carted.has(bookId) };
    }),
  };
}

/**
 * `/user/recently_bought/v2`: the order the member's buy token (`purchaseToken`, the token sent
 * with the buy) made, or null when that token bought nothing.
 */
export async function recentlyBoughtByToken(
  db: Kysely<Database>,
  userId: number,
  purchaseToken: string,
): Promise<RecentlyBoughtResponse | null> {
  const stored = await storedResponseOf(db, purchaseToken, userId, PURCHASE_TOKEN_PURPOSES);
  if (!stored || stored.status !== 200) return null;
  const orderId = (stored.body as { results?: { orderId?: unknown } }).results?.orderId;
  return typeof orderId === 'number' ? recentlyBought(db, userId, orderId) : null;
}

/** `/point_campaign/basic`: the basic campaign running now. */
export async function basicCampaign(db: Kysely<Database>, now: number): Promise<BasicPointCampaignResponse | null> {
  const basic = (await activeCampaigns(db, now)).find((c) => c.type === 'basic');
  return basic
    ? { id: basic.id, name: basic.name, rate: basic.rate, expireDays: basic.expireDays, start: basic.start, end: basic.end }
    : null;
}

/** `/book_point_campaigns/by_book`: the points buying this book would earn now (member-dependent lines only for a member). */
export async function bookPointCampaigns(
  db: Kysely<Database>,
  userId: number | null,
  bookId: number,
  now: number,
): Promise<PointCampaignSummary | null> {
  return pointsForBook(db, userId, bookId, now);
}
