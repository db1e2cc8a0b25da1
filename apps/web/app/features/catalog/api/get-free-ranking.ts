import { NEW_TAG, filledStars, priceChanged, rankBadge, scoreLabel } from '@hondana/domain/catalog/book-tile';
import type { FreeRankingList, RankingEntry } from '@hondana/domain/catalog/rankings-api';
import type { TileView } from '../../../components/book-tile';
import { apiGet } from '../../../lib/api/client';
import { seriesHref } from '../series-href';

/** §9: free ranking 12 (the server keeps ranks 10 or better). */
export const FREE_RANKING_LIMIT = 12;

/** 無料マンガランキング as tiles: the series page's (components/series-free-ranking.tsx) and the viewer's last page. */
export async function getFreeRankingTiles(pageType: string, adult: boolean): Promise<TileView[]> {
  return (await getFreeRanking(pageType, adult)).map(rankingTile);
}

/** `GET /api/free_book_ranks/by_page_type/{pageType}?limit=12` (ac=1 only for a confirmed adult viewer). */
async function getFreeRanking(pageType: string, adult: boolean): Promise<RankingEntry[]> {
  const body = await apiGet<FreeRankingList>(`/free_book_ranks/by_page_type/${encodeURIComponent(pageType)}`, {
    limit: FREE_RANKING_LIMIT,
    ac: adult ? 1 : undefined,
  });
  return body.entities.slice(0, FREE_RANKING_LIMIT);
}

/**
 * A ranking entry as the server's tile of it (tile-view.server.ts `tileFromRanking`): the title's
 * volume with its rank badge, linking to the title. Free books are on sale, so no 'M/d販売'
 * label (which needs the Tokyo calendar) is computed here.
 */
function rankingTile(entry: RankingEntry): TileView {
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
    labels: {
      score: scoreLabel(book.rating),
      stars: filledStars(book.rating),
      priceChanged: priceChanged(book.price, book.beforePrice),
      freeVolumes: null,
      start: null,
      refund: null,
      rank: rankBadge(entry.rank),
      ribbon: null,
      isNew: book.newTags.includes(NEW_TAG),
    },
  };
}
