/** Search answers: keyword search over titles (`/lottery/search/title`) and an author's titles. */
import { z } from 'zod';
import { TitleSummary } from './catalog-api';

export const KeywordSearchResult = z.object({ totalCount: z.number(), titles: z.array(TitleSummary) });
export type KeywordSearchResult = z.infer<typeof KeywordSearchResult>;

/** `/search/author/{authorId}/{page}`: `author` is null for an unknown author (the route answers 404). */
export const AuthorSearchResult = z.object({
  author: z.object({ authorId: z.number(), name: z.string(), kana: z.string() }).nullable(),
  totalCount: z.number(),
  /** 1-based page and how many there are (20 titles a page). */
  page: z.number(),
  pageCount: z.number(),
  titles: z.array(TitleSummary),
});
export type AuthorSearchResult = z.infer<typeof AuthorSearchResult>;
