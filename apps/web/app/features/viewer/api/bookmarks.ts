import type { BookmarkList } from '@hondana/domain/reading/reading-api';
import { apiRequest } from '../../../lib/api/client';

const pagesOf = (list: BookmarkList): number[] => list.bookmarks.map((b) => b.page).sort((a, b) => a - b);

/** `POST /api/bookmarks/me` → the list after adding. */
export const addBookmark = async (bookId: number, page: number): Promise<number[]> =>
  pagesOf(
    await apiRequest<BookmarkList>('/api/bookmarks/me', {
      method: 'POST',
      json: { book_id: bookId, page, ac: 1 },
      allowUnauthorized: true,
    }),
  );

/** `DELETE /api/bookmarks/me?book_id=…&page=…` → the list after removing. */
export const removeBookmark = async (bookId: number, page: number): Promise<number[]> =>
  pagesOf(
    await apiRequest<BookmarkList>(`/api/bookmarks/me?book_id=${bookId}&page=${page}&ac=1`, { method: 'DELETE', allowUnauthorized: true }),
  );
