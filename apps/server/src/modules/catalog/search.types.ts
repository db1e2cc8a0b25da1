import type { TitleSummary } from './catalog.types';

export interface KeywordSearchResult {
  totalCount: number;
  titles: TitleSummary[];
}

export interface AuthorSearchResult {
  author: { authorId: number; name: string; kana: string } | null;
  totalCount: number;
  /** 1-based page and how many there are (20 titles a page). */
  page: number;
  pageCount: number;
  titles: TitleSummary[];
}
