import { toggleBookmark } from '@hondana/domain/viewer/controls';
import { useCallback, useState } from 'react';
import { addBookmark, removeBookmark } from '../api/bookmarks';

/**
 * The member's bookmarks of a book (book page numbers): the footer button adds the page on
 * screen or removes the bookmarked ones shown; the list follows the server's answer.
 */
export function useBookmarks(bookId: number, initial: readonly number[]) {
  const [bookmarks, setBookmarks] = useState<number[]>(() => [...initial].sort((a, b) => a - b));
  const toggle = useCallback(
    (visiblePages: readonly number[]) => {
      const next = toggleBookmark(bookmarks, visiblePages);
      const removed = bookmarks.filter((p) => !next.includes(p));
      const added = next.filter((p) => !bookmarks.includes(p));
      setBookmarks(next);
      const calls = [...removed.map((p) => removeBookmark(bookId, p)), ...added.map((p) => addBookmark(bookId, p))];
      Promise.all(calls).then(
        (lists) => {
          const last = lists[lists.length - 1];
          if (last) setBookmarks(last);
        },
        () => setBookmarks(bookmarks),
      );
    },
    [bookId, bookmarks],
  );
  return { bookmarks, toggle };
}
