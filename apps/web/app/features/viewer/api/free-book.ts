import type { FreeBookResponse } from '@hondana/domain/orders/orders-api';
import { apiRequest } from '../../../lib/api/client';

/**
 * §4 free book on load: the server buys a free, salable, unbought book for the member (the
 * orders area's free purchase, one transaction; a second call answers `bought: false`).
 */
export const buyFreeBook = (bookId: number) =>
  apiRequest<FreeBookResponse>('/order/free_book', { json: { book_id: bookId }, allowUnauthorized: true });

/** §4: on the last page, the free next volume of `bookId` is bought too. */
export const buyFreeNextBook = (bookId: number) =>
  apiRequest<FreeBookResponse>('/order/free_next_book', { json: { book_id: bookId }, allowUnauthorized: true });
