import type { BookTile } from './catalog.types';

/** §3 Ranking entry, with the tile of the title's newest released volume. */
export interface RankingEntry {
  rank: number;
  titleId: number;
  titleName: string;
  imageUrl: string;
  pageType: string;
  eroticType: number;
  /** The title's score in the window (see rankings.ts in domain for the weights). */
  score: number;
  book: BookTile;
}

/** §3 Ranking response. `nextPage` is the next 1-based page number, null on the last page. */
export interface RankingPage {
  entities: RankingEntry[];
  nextPage: number | null;
  /** Rank of the last entry of this page (0 when empty). */
  lastRank: number;
  /** Offset of this page's first entry in the whole ranking. */
  offset: number;
  /** How many titles the ranking holds. */
  totalCount: number;
}
