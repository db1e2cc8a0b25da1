import { isSalable, salesStatusAt } from '@hondana/domain/books';
import { priceAt } from '@hondana/domain/catalog';
import { notFound } from '@hondana/domain/errors';
import type { PointCampaignSummary } from '@hondana/domain/orders';
import { type PointLine, pointBreakdown } from '@hondana/domain/orders-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';
import { activeCampaigns, booksForPurchase, isFirstPaying } from '../orders/orders.repository';
import { toPricing } from '../orders/purchase';
import { titleBookIds } from './cart.repository';

export interface BulkBuyList {
  titleId: number;
  /** The volumes a bulk buy would take: salable now, not owned or reserved by the member. */
  bookIds: number[];
  totalCount: number;
  totalPrice: number;
  pointCampaign: PointCampaignSummary;
}

/**
 * `GET /point_campaign/bulk_buy_list?title_id=` (§7 "Point campaigns"): the price and the points
 * (bulkBuy included) of buying the title's remaining volumes at once. Owned books are left out.
 */
export async function bulkBuyList(db: Kysely<Database>, userId: number | null, titleId: number, now: number): Promise<BulkBuyList> {
  const ids = (await titleBookIds(db, titleId)).map((r) => r.id);
  if (ids.length === 0) throw notFound('title');
  const [rows, owned, campaigns, first] = await Promise.all([
    booksForPurchase(db, ids),
    userId === null ? Promise.resolve(new Set<number>()) : entitledBookIds(db, userId, ids),
    activeCampaigns(db, now),
    userId === null ? Promise.resolve(true) : isFirstPaying(db, userId),
  ]);
  const books = rows
    .filter((r) => !owned.has(r.id) && isSalable(salesStatusAt({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime }, now)))
    .sort((a, b) => a.vol - b.vol || a.id - b.id);
  const byCampaign = new Map<number, PointLine>();
  let totalPrice = 0;
  for (const row of books) {
    const price = priceAt(toPricing(row), now).price;
    totalPrice += price;
    const { list } = pointBreakdown(campaigns, { bookId: row.id, titleId, price, isFirstPurchase: first, sameTitleBooks: books.length, now });
    for (const line of list) {
      const seen = byCampaign.get(line.id);
      byCampaign.set(line.id, seen ? { ...seen, point: seen.point + line.point } : { ...line });
    }
  }
  const list = [...byCampaign.values()];
  return {
    titleId,
    bookIds: books.map((b) => b.id),
    totalCount: books.length,
    totalPrice,
    pointCampaign: { totalPoint: list.reduce((s, l) => s + l.point, 0), list },
  };
}
