import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { enableTitleNoticeIfUnset } from './newly-notice.repository';

/**
 * The notices area's public step for the reader (§4 reading progress): after the member moved
 * past the last page of the latest volume they hold, the title's newly notice goes on unless
 * they already set notices for this title. True when it was switched on now.
 */
export const enableNewlyNoticeAfterReading = (db: Kysely<Database> | Transaction<Database>, userId: number, titleId: number, now: number) =>
  enableTitleNoticeIfUnset(db, userId, titleId, now);
