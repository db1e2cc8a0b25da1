import type { UserBook, UserBooksResponse } from '@hondana/domain/orders/orders-api';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/user_books/me/by_book?book_id=…` (§7): the member's possession of one book, or null when the call fails. */
export async function getUserBook(bookId: number): Promise<UserBook | null> {
  try {
    const body = await apiGet<UserBooksResponse>('/user_books/me/by_book', { book_id: bookId }, { allowUnauthorized: true });
    return body.userBooks.find((b) => b.bookId === bookId) ?? null;
  } catch {
    return null;
  }
}
