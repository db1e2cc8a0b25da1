import { EroticType, isSamplePage, parseCustomSample } from '@hondana/domain/catalog/catalog';
import { possessionAt } from '@hondana/domain/orders/orders';
import { type PossessionStatus } from '@hondana/domain/reading/reading-api';
import { usesCustomSample } from '@hondana/domain/reading/reading';
import type { Db } from '../../db/schema';
import type { PageGrant } from '../../media/signed-urls';
import { toBookDetail, visibleBooks } from '../catalog/books.service';
import type { BookDetail } from '@hondana/domain/catalog/books-api';
import type { TitleFacts, VolumeRow } from '../catalog/title-facts';
import { heldBookIds } from './entitlements';
import { eroticTypeOfBook } from './reading.repository';

/** A book as the reader may read it: who holds it, and which pages (or chapters) they may see. */
export interface ReadingBook {
  facts: TitleFacts;
  volume: VolumeRow;
  detail: BookDetail;
  possession: PossessionStatus;
  /** Held volumes among this title's (for next/previous volume `bought`). */
  heldIds: Set<number>;
  owned: boolean;
  /** Every page may be read: owned, or free now (§6: guests read free content). */
  fullAccess: boolean;
  customSample: number[] | null;
  useCustomSample: boolean;
}

/**
 * Loads a book for the reader; null when it does not exist or the requester may not see it
 * (R18 without a confirmed adult, NOT_POST).
 */
export async function loadReadingBook(
  db: Db,
  q: { bookId: number; userId: number | null; includeAdult: boolean; now: number },
): Promise<ReadingBook | null> {
  const [found] = await visibleBooks(db, [q.bookId], q.includeAdult);
  if (!found) return null;
  const { facts, volume } = found;
  const detail = toBookDetail(facts, volume, q.now);
  const heldIds =
    q.userId === null
      ? new Set<number>()
      : await heldBookIds(
          db,
          q.userId,
          facts.volumes.map((v) => v.id),
        );
  const possession = possessionAt(heldIds.has(volume.id), volume.startDatetime, q.now);
  const owned = possession === 'OWNED';
  const released = volume.startDatetime <= q.now;
  const customSample = parseCustomSample(volume.customSamplePages);
  return {
    facts,
    volume,
    detail,
    possession,
    heldIds,
    owned,
    fullAccess: owned || (detail.free && released),
    customSample,
    useCustomSample: usesCustomSample({ free: detail.free, owned, hasCustomSample: detail.hasCustomSample }),
  };
}

/** Whether page (or chapter) `n` is part of the book's sample. */
export const isSample = (book: ReadingBook, n: number): boolean => isSamplePage(n, book.volume.samplePageTotal, book.customSample);

/** The grant a page is served under, or null when the requester may not see it. */
export function pageGrant(book: ReadingBook, page: number, userId: number | null): PageGrant | null {
  if (book.owned && userId !== null) return { kind: 'member', userId };
  if (book.fullAccess) return { kind: 'free' };
  return isSample(book, page) ? { kind: 'sample' } : null;
}

/** An R18 book (shown only after the age check, §4 adult gate): the viewer answers 403 ADULT_CHECK_REQUIRED. */
export async function isAdultOnlyBook(db: Db, bookId: number): Promise<boolean> {
  return (await eroticTypeOfBook(db, bookId)) === EroticType.R18;
}
