import type { RecommendedBook } from '@hondana/server/modules/catalog/recommendations.types';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** §9: recommendations 12. */
export const BOOK_TO_BOOK_LIMIT = 12;

export type BookToBookParams = { bookId: number; adult: boolean };

/** `GET /api/recommend/book_to_book?id=…&limit=12` (ac=1 only for a confirmed adult viewer). */
export async function getBookToBook({ bookId, adult }: BookToBookParams): Promise<RecommendedBook[]> {
  const query = new URLSearchParams({ id: String(bookId), limit: String(BOOK_TO_BOOK_LIMIT) });
  if (adult) query.set('ac', '1');
  const response = await fetch(`/api/recommend/book_to_book?${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to fetch recommendations (${response.status})`);
  const body = (await response.json()) as { books: RecommendedBook[] };
  return body.books;
}

export const bookToBookQueryOptions = (params: BookToBookParams) =>
  queryOptions({ queryKey: ['recommend', 'book_to_book', params], queryFn: () => getBookToBook(params) });

export const useBookToBook = (params: BookToBookParams) => useQuery(bookToBookQueryOptions(params));
