import type { BookmarkList } from '@hondana/domain/reading';
import { jsonBody, requestJson } from './http';

const pagesOf = (list: BookmarkList): number[] => list.bookmarks.map((b) => b.page).sort((a, b) => a - b);

/** `GET /api/bookmarks/me?book_id=…` (members). */
export const getBookmarks = async (bookId: number): Promise<number[]> =>
  pagesOf(await requestJson<BookmarkList>(`/api/bookmarks/me?book_id=${bookId}&ac=1`, {}, 'Failed to fetch bookmarks'));

/** `POST /api/bookmarks/me` → the list after adding. */
export const addBookmark = async (bookId: number, page: number): Promise<number[]> =>
  pagesOf(await requestJson<BookmarkList>('/api/bookmarks/me', jsonBody({ book_id: bookId, page, ac: 1 }), 'Failed to add bookmark'));

/** `DELETE /api/bookmarks/me?book_id=…&page=…` → the list after removing. */
export const removeBookmark = async (bookId: number, page: number): Promise<number[]> =>
  pagesOf(
    await requestJson<BookmarkList>(
      `/api/bookmarks/me?book_id=${bookId}&page=${page}&ac=1`,
      { method: 'DELETE' },
      'Failed to remove bookmark',
    ),
  );
