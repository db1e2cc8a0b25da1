import { newTags } from '@hondana/domain/catalog/book-tile';
import { listedEroticTypes, priceAt } from '@hondana/domain/catalog/catalog';
import { type PointCampaignRule, tileRefundPoints } from '@hondana/domain/orders/orders';
import { averageStars } from '@hondana/domain/reviews/reviews';
import type { Db } from '../../db/schema';
import { coverSrcSet, coverUrl } from '../../media/media-spec';
import { runningPointCampaigns } from '../orders/purchase';
import { type BookTileRow, newestBooks } from './catalog.repository';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';

/** The pages' tile lists, kept per adult state until one can change (the store pages' load context keeps its lists with it). */
export { keptTileList } from './tile-lists';

/** Width of a tile's `imageUrl` (§9: book tile 106 wide on mobile and tablet, 128 on desktop). */
const TILE_COVER_WIDTH = 128;

/**
 * Point campaigns a listing's tiles are priced against (the 即時還元 badge, §2) and the book's
 * scope facts a genre or publisher campaign needs; without them a tile shows no badge.
 */
interface TileCampaigns {
  campaigns: readonly PointCampaignRule[];
  genreId?: number | null;
  publisherId?: number | null;
}

export function toBookTile(row: BookTileRow, now: number, points?: TileCampaigns): BookTile {
  const price = priceAt(
    {
      price: row.price,
      salePrice: row.salePrice,
      saleStartDatetime: row.saleStartDatetime,
      saleEndDatetime: row.saleEndDatetime,
      freeFlg: row.freeFlg === 1,
      freeStartDatetime: row.freeStartDatetime,
      freeEndDatetime: row.freeEndDatetime,
    },
    now,
  );
  return {
    bookId: row.bookId,
    titleId: row.titleId,
    title: row.title,
    vol: row.vol,
    imageUrl: coverUrl(row.bookId, TILE_COVER_WIDTH, row.mediaVersion),
    coverSrcSet: coverSrcSet(row.bookId, row.mediaVersion),
    coverSrcSetJpeg: coverSrcSet(row.bookId, row.mediaVersion, 'jpg'),
    price: price.price,
    beforePrice: price.beforePrice,
    free: price.free,
    limitedFree: price.limitedFree,
    endDatetime: price.endDatetime,
    rating: averageStars(row.reviewCount, row.reviewStarTotal),
    startDatetime: row.startDatetime,
    pageType: row.pageType,
    eroticType: row.eroticType,
    layoutType: row.layoutType,
    refundCoins: points
      ? tileRefundPoints(points.campaigns, {
          bookId: row.bookId,
          titleId: row.titleId,
          price: price.price,
          now,
          vol: row.vol,
          bookStartDatetime: row.startDatetime,
          genreId: points.genreId ?? row.genreId ?? null,
          publisherId: points.publisherId ?? row.publisherId ?? null,
          preOrder: row.startDatetime > now,
        })
      : 0,
    newTags: newTags(row.startDatetime, now),
  };
}

/** Book tiles for the top page: released books, newest first; R18 only when `includeAdult`. */
export async function topPageBooks(db: Db, q: { limit: number; includeAdult: boolean; now?: Date }): Promise<BookTile[]> {
  const now = (q.now ?? new Date()).getTime();
  const limit = Math.max(0, Math.min(100, Math.trunc(q.limit)));
  const [rows, campaigns] = await Promise.all([
    newestBooks(db, { limit, eroticTypes: listedEroticTypes(q.includeAdult), now }),
    runningPointCampaigns(db, now),
  ]);
  return rows.map((row) => toBookTile(row, now, { campaigns }));
}
