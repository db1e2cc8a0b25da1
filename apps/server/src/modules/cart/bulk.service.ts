import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { PointCampaignType } from '@hondana/domain/campaigns/point-campaigns';
import { priceAt } from '@hondana/domain/catalog/catalog';
import { notFound } from '@hondana/domain/common/errors';
import type { BulkBuyList, BulkBuyTitle, BulkBuyTitleList } from '@hondana/domain/cart/cart-api';
import { type PointLine, pointBreakdown } from '@hondana/domain/orders/orders';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';
import { activeCampaigns, booksForPurchase, isFirstPaying } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { salableVolumeCounts, titleBookIds } from './cart.repository';

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
    .filter(
      (r) =>
        !owned.has(r.id) &&
        isBuyableNow(salesStatusAt({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime }, now)),
    )
    .sort((a, b) => a.vol - b.vol || a.id - b.id);
  const byCampaign = new Map<number, PointLine>();
  let totalPrice = 0;
  for (const row of books) {
    const price = priceAt(toPricing(row), now).price;
    totalPrice += price;
    const { list } = pointBreakdown(campaigns, {
      bookId: row.id,
      titleId,
      price,
      isFirstPurchase: first,
      sameTitleBooks: books.length,
      now,
    });
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

/**
 * `GET /point_campaign/bulk_buy_title_list` (§7 "Point campaigns"): the titles a bulk-buy point
 * campaign running now covers — its own title, or every title when it names none — that have at
 * least the campaign's book count (and at least two) of volumes on sale; the most generous
 * campaign per title, titles by id.
 */
export async function bulkBuyTitleList(
  db: Kysely<Database>,
  page: { offset: number; limit: number },
  now: number,
): Promise<BulkBuyTitleList> {
  const campaigns = (await activeCampaigns(db, now)).filter((c) => c.type === PointCampaignType.bulkBuy);
  if (campaigns.length === 0) return { totalCount: 0, list: [] };
  // Salable volumes (on sale or open for pre-order, as a bulk add takes them) counted per title.
  const titleIds = campaigns.some((c) => c.titleId === null) ? null : campaigns.map((c) => c.titleId!);
  const rows = await salableVolumeCounts(db, titleIds, now);
  const counts = new Map(rows.map((r) => [r.title_id, { name: r.name, count: Number(r.n) }]));
  const all: BulkBuyTitle[] = [];
  for (const [titleId, { name, count }] of counts) {
    const best = campaigns
      .filter((c) => (c.titleId === null || c.titleId === titleId) && count >= Math.max(2, c.minBooks))
      .sort((a, b) => b.rate - a.rate || b.point - a.point || a.id - b.id)[0];
    if (!best) continue;
    all.push({
      titleId,
      titleName: name,
      salableCount: count,
      campaign: {
        id: best.id,
        name: best.name,
        rate: best.rate,
        point: best.point,
        minBooks: Math.max(2, best.minBooks),
        start: best.start,
        end: best.end,
      },
    });
  }
  return { totalCount: all.length, list: all.slice(page.offset, page.offset + page.limit) };
}
