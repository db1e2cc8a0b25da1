import { listedEroticTypes, priceAt } from '@hondana/domain/catalog';
import { averageStars } from '@hondana/domain/reviews-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { coverSrcSet, coverUrl } from '../../media/media-spec';
import { type BookTileRow, newestBooks } from './catalog.repository';
import type { BookTile } from './catalog.types';

type Db = Kysely<Database>;

/** Width of a tile's `imageUrl` (§9: book tile 106 wide on mobile and tablet, 128 on desktop). */
const TILE_COVER_WIDTH = 128;

export function toBookTile(row: BookTileRow, now: number): BookTile {
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
  };
}

/** Book tiles for the top page: released books, newest first; R18 only when `includeAdult`. */
export async function topPageBooks(
  db: Db,
  q: { limit: number; includeAdult: boolean; now?: Date },
): Promise<BookTile[]> {
  const now = (q.now ?? new Date()).getTime();
  const limit = Math.max(0, Math.min(100, Math.trunc(q.limit)));
  const rows = await newestBooks(db, { limit, eroticTypes: listedEroticTypes(q.includeAdult), now });
  return rows.map((row) => toBookTile(row, now));
}
