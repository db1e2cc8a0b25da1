import type { RecommendedBook, RecommendedBooks } from '@hondana/domain/catalog/recommendations-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** §9: recommendations 12. */
const BOOK_TO_BOOK_LIMIT = 12;

type BookToBookParams = { bookId: number; adult: boolean };

/** `GET /api/recommend/book_to_book?id=…&limit=12` (ac=1 only for a confirmed adult viewer). */
async function getBookToBook({ bookId, adult }: BookToBookParams): Promise<RecommendedBook[]> {
  const body = await apiGet<RecommendedBooks>('/recommend/book_to_book', {
    id: bookId,
    limit: BOOK_TO_BOOK_LIMIT,
    ac: adult ? 1 : undefined,
  });
  return body.books;
}

const bookToBookQueryOptions = (params: BookToBookParams) =>
  queryOptions({ queryKey: ['recommend', 'book_to_book', params], queryFn: () => getBookToBook(params) });

export const useBookToBook = (params: BookToBookParams) => useQuery(bookToBookQueryOptions(params));
