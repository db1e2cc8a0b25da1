/**
 * Request schemas of the bookshelf's calls (`/user_books/me…`); the rules and shapes
 * are in `bookshelf-rules.ts` (re-exported here for the server).
 */
import { z } from 'zod';
import { acParam, idListParam, idParam, limitParam, offsetParam } from './books';
import { CONTINUE_LIMIT, SHELF_PAGE_SIZE, shelfFilters, shelfSorts } from './bookshelf-rules';
import { tokenParam } from './reviews';

export * from './bookshelf-rules';

export const UserBooksQuery = z.object({
  ac: acParam,
  offset: offsetParam,
  limit: limitParam(SHELF_PAGE_SIZE),
  sort: z.enum(shelfSorts, { message: `must be one of ${shelfSorts.join(', ')}` }).default('PURCHASE_DATE'),
  filter: z.enum(shelfFilters, { message: `must be one of ${shelfFilters.join(', ')}` }).default('ALL'),
  word: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type UserBooksQuery = z.infer<typeof UserBooksQuery>;

export const UserBooksByTitleQuery = z.object({ ac: acParam, title_id: idParam });

/** `POST /user_books/me/hide` and `/unhide`: a one-time token and the books (`1,2,3` or an array). */
export const HideBooksInput = z.object({
  token: tokenParam,
  book_ids: z.union([idListParam, z.array(z.number().int().min(0)).min(1).max(100).transform((ids) => [...new Set(ids)])], {
    message: 'must be non-negative integer ids separated by commas',
  }),
});

export const ContinueQuery = z.object({
  ac: acParam,
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(20, 'must be at most 20').default(CONTINUE_LIMIT),
});


/** `GET /user_books/me/offline?book_ids=1,2,3`: which of the books saved on a device the member may still read. */
export const OfflineCheckQuery = z.object({ ac: acParam, book_ids: idListParam });

/** The answer: the asked books the member still holds and that are released (the rest leave the device). */
export interface OfflineCheckResponse {
  bookIds: number[];
}
