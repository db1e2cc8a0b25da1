/** Response schemas of the console's cover and sample calls (`/api/admin/books/:id/media`, `/sample`, `/cover`). */
import { z } from 'zod';

/** A book's cover and sample as the console edits them. */
export const BookMediaView = z.object({
  bookId: z.number(),
  pageCount: z.number(),
  samplePageTotal: z.number(),
  /** 0-based pages of a custom sample; null when the sample is the first pages. */
  customSamplePages: z.array(z.number()).nullable(),
  /** The cover's URL path at its current media version. */
  coverUrl: z.string(),
  coverUploaded: z.boolean(),
  version: z.number(),
});
export type BookMediaView = z.infer<typeof BookMediaView>;
