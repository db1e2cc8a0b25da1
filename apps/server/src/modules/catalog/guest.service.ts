import { titleTotalPrice } from '@hondana/domain/catalog/books';
import type { Db } from '../../db/schema';
import { type Viewer, pricingOf, toBookDetail, visible, visibleBooks } from './books.service';
import type { BookDetail, GuestBooks, TitleTotalPrice } from '@hondana/domain/catalog/books-api';
import { titleFacts } from './titles.repository';

/** §3 "Guest book": the books a guest keeps locally, by id, and the guest coupon (none yet). */
export async function getGuestBooks(db: Db, q: Viewer & { bookIds: readonly number[] }): Promise<GuestBooks> {
  const found = await visibleBooks(db, q.bookIds, q.includeAdult);
  const byId: Record<string, BookDetail> = {};
  for (const { facts, volume } of found) byId[String(volume.id)] = toBookDetail(facts, volume, q.now);
  return { byId, coupon: null };
}

/** The visible books of `bookIds` in the order asked, as book details: what the guest cart lists (wired in `app.ts`). */
export async function guestBookDetails(db: Db, q: Viewer & { bookIds: readonly number[] }): Promise<BookDetail[]> {
  return (await visibleBooks(db, q.bookIds, q.includeAdult)).map(({ facts, volume }) => toBookDetail(facts, volume, q.now));
}

/** `/guest/titles/total_price(s)`: what buying a title's volumes costs now; hidden titles are absent. */
export async function getTitleTotalPrices(
  db: Db,
  q: Viewer & { titleIds: readonly number[]; limitPerTitle?: number },
): Promise<TitleTotalPrice[]> {
  const facts = await titleFacts(db, q.titleIds);
  return q.titleIds.flatMap((titleId) => {
    const f = facts.get(titleId);
    if (!f || !visible(f, q.includeAdult)) return [];
    const volumes = f.volumes.map((v) => ({ ...v, ...pricingOf(v) }));
    return [{ titleId, ...titleTotalPrice(volumes, q.now, q.limitPerTitle) }];
  });
}
