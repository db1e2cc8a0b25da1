import { tileLabels } from '@hondana/domain/book-tile';
import type { RankingEntry } from '@hondana/server/modules/catalog/rankings.types';
import type { TileView } from '../../../components/book-tile';
import { seriesHref } from '../../catalog/series-href';
import { requestJson } from './http';

/** §9: free ranking 12. */
export const FREE_RANKING_LIMIT = 12;

/** `GET /api/free_book_ranks/by_page_type/{pageType}?limit=12&healthy=true` → 無料マンガランキング. */
export async function getFreeRanking(pageType: string, adult: boolean): Promise<RankingEntry[]> {
  const query = new URLSearchParams({ limit: String(FREE_RANKING_LIMIT), healthy: 'true' });
  if (adult) query.set('ac', '1');
  const url = `/api/free_book_ranks/by_page_type/${encodeURIComponent(pageType)}?${query}`;
  const body = await requestJson<{ entities: RankingEntry[] }>(url, {}, 'Failed to fetch free ranking');
  return body.entities.slice(0, FREE_RANKING_LIMIT);
}

/** A ranking entry as a tile linking to its title, labels from the domain's tile rules (§2 book tile). */
export function rankingTile(entry: RankingEntry, now: number): TileView {
  const book = entry.book;
  return {
    bookId: book.bookId,
    titleId: entry.titleId,
    title: entry.titleName,
    vol: book.vol,
    imageUrl: book.imageUrl,
    price: book.price,
    beforePrice: book.beforePrice,
    free: book.free,
    showPrice: true,
    href: seriesHref(entry.titleId),
    labels: tileLabels(
      {
        rating: book.rating,
        price: book.price,
        beforePrice: book.beforePrice,
        startDatetime: book.startDatetime,
        rank: entry.rank,
      },
      now,
    ),
  };
}
