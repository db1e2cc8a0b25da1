/** Ranking answers (§3 Ranking, §7 "Rankings and lists", "Free books"); the rules are in `rankings.ts`. */
import { z } from 'zod';
import { BookTile } from './catalog-api';

/** §3 Ranking entry, with the tile of the title's newest released volume. */
export const RankingEntry = z.object({
  rank: z.number(),
  titleId: z.number(),
  titleName: z.string(),
  imageUrl: z.string(),
  pageType: z.string(),
  eroticType: z.number(),
  /** The title's score in the window (see `rankings.ts` for the weights). */
  score: z.number(),
  book: BookTile,
});
export type RankingEntry = z.infer<typeof RankingEntry>;

/** §3 Ranking response. `nextPage` is the next 1-based page number, null on the last page. */
export const RankingPage = z.object({
  entities: z.array(RankingEntry),
  nextPage: z.number().nullable(),
  /** Rank of the last entry of this page (0 when empty). */
  lastRank: z.number(),
  /** Offset of this page's first entry in the whole ranking. */
  offset: z.number(),
  /** How many titles the ranking holds. */
  totalCount: z.number(),
});
export type RankingPage = z.infer<typeof RankingPage>;

/** `GET /free_book_ranks/by_page_type/{page_type}`: the free ranking's entries. */
export const FreeRankingList = z.object({ entities: z.array(RankingEntry) });
export type FreeRankingList = z.infer<typeof FreeRankingList>;
