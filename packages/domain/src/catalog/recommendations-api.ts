/** Recommendation answers (§3 Recommended book, §7 "Recommendations"). */
import { z } from 'zod';
import { BookAuthor } from './books-api';

/** §3 Recommended book, with the id of the book it links to. */
export const RecommendedBook = z.object({
  /** What the recommendation comes from: the source book (book-to-book) or a title the member had (user-to-book). */
  sourceId: z.number().nullable(),
  bookId: z.number(),
  titleId: z.number(),
  title: z.string(),
  vol: z.number(),
  authors: z.array(BookAuthor),
  price: z.number(),
  beforePrice: z.number().nullable(),
  startDatetime: z.number(),
  imageUrl: z.string(),
  description: z.string(),
  /** How many volumes of the title are free now. */
  freeBookVol: z.number(),
  wishCount: z.number(),
  rating: z.number(),
  /** §3 `newTags` of the book (NEW for seven days after its release). */
  newTags: z.array(z.string()),
  /** Why it is recommended: co-read/co-bought, same author, same genre or popular. */
  reason: z.enum(['together', 'author', 'genre', 'popular']),
});
export type RecommendedBook = z.infer<typeof RecommendedBook>;

/** `GET /recommend/book_to_book`, `/recommend/user_to_book`. */
export const RecommendedBooks = z.object({ totalCount: z.number(), books: z.array(RecommendedBook) });
export type RecommendedBooks = z.infer<typeof RecommendedBooks>;
