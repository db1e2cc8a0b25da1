import { queryOptions } from '@tanstack/react-query';
import { getFreeRankingTiles } from './get-free-ranking';

/** 無料マンガランキング of a page type as tiles, for the series page and the viewer's last page (`GET /api/free_book_ranks/by_page_type/{pageType}`). */
export const freeRankingQuery = (pageType: string, adult: boolean) =>
  queryOptions({ queryKey: ['catalog', 'free-ranking', pageType, adult], queryFn: () => getFreeRankingTiles(pageType, adult) });
