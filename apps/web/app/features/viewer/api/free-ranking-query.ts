import { queryOptions } from '@tanstack/react-query';
import { getFreeRankingTiles } from '../../catalog/api/get-free-ranking';

/** The series page's 無料マンガランキング of a page type as tiles (`GET /api/free_book_ranks/by_page_type/{pageType}`). */
export const freeRankingQuery = (pageType: string, adult: boolean) =>
  queryOptions({ queryKey: ['catalog', 'free-ranking', pageType, adult], queryFn: () => getFreeRankingTiles(pageType, adult) });
