import { queryOptions } from '@tanstack/react-query';
import { getBookText } from './get-viewer-info';

/**
 * A text book's chapters (`GET /api/browser/book_text`), read once per opening: its illustrations'
 * signed URLs last as long as the viewer info's pages, which are read again before they expire,
 * and laying the text out again would move the reader's place.
 */
export const bookTextQuery = (bookId: number) =>
  queryOptions({ queryKey: ['viewer', 'book-text', bookId], queryFn: () => getBookText(bookId), staleTime: Infinity, retry: false });
