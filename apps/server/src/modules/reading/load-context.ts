import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoreLoadContext, Viewer } from '../../web/load-context';
import { isAdultOnlyBook, loadReadingBook } from './reading-access';
import { viewerInfo } from './viewer-info.service';

/**
 * The reading section of the store pages' context: the viewer route renders its opening page
 * from the same viewer info `/api/browser/bookinfo/v2` answers, signed for this reader.
 */
export function readingContext(db: Kysely<Database>, viewer: Viewer | null, at: number, mediaKey: string): StoreLoadContext['reading'] {
  const userId = viewer?.userId ?? null;
  return {
    async getViewerInfo({ bookId }): Promise<ViewerInfo | null> {
      const book = await loadReadingBook(db, { bookId, userId, includeAdult: viewer?.adultState === 'ADULT', now: at });
      // A custom sample (§4) replaces the sample pages, as `/browser/custom_sample/{book_id}` answers.
      return book ? viewerInfo(db, book, { userId, now: at, mediaKey, customSampleOnly: book.useCustomSample }) : null;
    },
    async needsAdultCheck({ bookId }): Promise<boolean> {
      return viewer?.adultState !== 'ADULT' && (await isAdultOnlyBook(db, bookId));
    },
  };
}
