import type { UserBook, UserBooksResponse } from '@hondana/domain/orders';

/**
 * `GET /api/user_books/me/by_book?book_id=…` (§7): the member's possession of one book, or null
 * when the call fails. Written with bare fetch (no api-client) because the volume page loads it
 * before any click and must stay small.
 */
export async function getUserBook(bookId: number): Promise<UserBook | null> {
  try {
    const response = await fetch(`/api/user_books/me/by_book?book_id=${bookId}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as UserBooksResponse;
    return body.userBooks.find((b) => b.bookId === bookId) ?? null;
  } catch {
    return null;
  }
}
