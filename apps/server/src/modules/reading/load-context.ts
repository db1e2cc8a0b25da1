import type { Viewer } from '@hondana/domain/accounts/accounts-api';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isAdultOnlyBook, loadReadingBook } from './reading-access';
import { viewerInfo } from './viewer-info.service';

/** The reader's part of the pages' context. */
export interface ReadingPageContext {
  /**
   * §7 bookinfo/v2 for this viewer (page URLs signed for their entitlement); null when the
   * book does not exist or they may not see it (R18 without a confirmed adult, §6).
   */
  getViewerInfo(q: { bookId: number }): Promise<ViewerInfo | null>;
  /** Whether the book is R18 and this viewer has not passed the age check (§4 adult gate): the viewer asks first. */
  needsAdultCheck(q: { bookId: number }): Promise<boolean>;
}

/**
 * The reading section of the store pages' context: the viewer route renders its opening page
 * from the same viewer info `/api/browser/bookinfo/v2` answers, signed for this reader.
 */
export function readingContext(db: Kysely<Database>, viewer: Viewer | null, at: number, mediaKey: string): ReadingPageContext {
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
