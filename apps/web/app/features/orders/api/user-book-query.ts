import { queryOptions } from '@tanstack/react-query';
import { getUserBook } from './get-user-book';

/** `GET /api/user_books/me/by_book?book_id=`: the member's possession of one book (null when the call fails). */
export const userBookQuery = (bookId: number) =>
  queryOptions({ queryKey: ['orders', 'user-book', bookId], queryFn: () => getUserBook(bookId) });
