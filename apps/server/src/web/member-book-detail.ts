import { pointDetailTotal } from '@hondana/domain/orders/orders';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getBookDetail } from '../modules/catalog/books.service';
import type { BookDetail } from '@hondana/domain/catalog/books-api';
import { memberPointsForBook } from '../modules/orders/purchase';
import { type BookMarks, readBookMarks } from './member-answers.repository';

/**
 * A volume's detail for a member's page the member page cache may keep (decision 029): the
 * detail as a guest's (the catalog's part, the same for everyone), with the member's marks and
 * points built from `BookMarks` alone, read in one statement. The marks are what the page
 * records (with the volume's title, which the member statement needs to read them again), so a
 * page kept under them shows exactly what any member with the same marks would get, and a
 * member's write while the page renders cannot file it under answers it does not show.
 */
export async function memberBookDetail(
  db: Kysely<Database>,
  q: { bookId: number; includeAdult: boolean; userId: number; now: number },
): Promise<{ args: unknown[]; value: BookDetail | null; recorded: BookMarks | null }> {
  const asked = { bookId: q.bookId };
  const detail = await getBookDetail(db, { ...q, userId: null });
  if (!detail) return { args: [asked, null], value: null, recorded: null };
  const marks = await readBookMarks(db, q.userId, q.bookId, detail.titleId, q.now);
  const points = await memberPointsForBook(db, marks, q.bookId, q.now);
  const hasPoints = points !== null && points.list.length > 0;
  return {
    args: [asked, detail.titleId],
    value: {
      ...detail,
      bought: marks.bought,
      reviewed: marks.reviewId !== null,
      reviewId: marks.reviewId,
      wished: marks.wished,
      // As `getBookDetail` gives a member: no campaign line leaves the basic point.
      pointCampaign: hasPoints ? points : null,
      pointTotal: hasPoints ? pointDetailTotal(points.totalPoint) : detail.point,
    },
    recorded: marks,
  };
}
