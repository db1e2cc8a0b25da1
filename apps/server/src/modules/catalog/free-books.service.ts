import { EroticType, listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { FREE_RANKING_LIMIT, pageTypeFilter } from '@hondana/domain/catalog/rankings';
import type { Db } from '../../db/schema';
import { toBookTile } from './catalog.service';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import { findTitle, freeBooks } from './free-books.repository';
import { getFreeRanking } from './rankings.service';
import type { RankingEntry } from '@hondana/domain/catalog/rankings-api';

const FREE_PAGE_LIST_SIZE = 12;

/** Erotic types a free list shows: `healthy` lists only NORMAL titles. */
const eroticTypesFor = (includeAdult: boolean, healthy: boolean) => (healthy ? [EroticType.NORMAL] : listedEroticTypes(includeAdult));

export async function listFreeBooks(
  db: Db,
  q: {
    order: 'closely' | 'newly';
    pageType: string;
    offset: number;
    limit: number;
    healthy: boolean;
    includeAdult: boolean;
    now: number;
  },
): Promise<BookTile[]> {
  const rows = await freeBooks(db, {
    order: q.order,
    pageTypes: pageTypeFilter(q.pageType),
    eroticTypes: eroticTypesFor(q.includeAdult, q.healthy),
    now: q.now,
    offset: q.offset,
    limit: q.limit,
  });
  return rows.map((row) => toBookTile(row, q.now));
}

/** `/free`: free books ending soonest, newly free books, and the free ranking of a shelf. */
export async function getFreePage(
  db: Db,
  q: { pageType: string; includeAdult: boolean; now: number },
): Promise<{ closely: BookTile[]; newly: BookTile[]; ranking: RankingEntry[] }> {
  const list = (order: 'closely' | 'newly') => listFreeBooks(db, { ...q, order, offset: 0, limit: FREE_PAGE_LIST_SIZE, healthy: false });
  const [closely, newly, ranking] = await Promise.all([
    list('closely'),
    list('newly'),
    getFreeRanking(db, { pageType: q.pageType, limit: FREE_RANKING_LIMIT, includeAdult: q.includeAdult, now: q.now }),
  ]);
  return { closely, newly, ranking };
}

/** `/free_book_vol/list`: the volumes of a title free now; null for an unknown or unlisted title. */
export async function freeBookVols(
  db: Db,
  q: { titleId: number; includeAdult: boolean; now: number },
): Promise<{ titleId: number; freeBookVols: number[]; books: BookTile[] } | null> {
  const title = await findTitle(db, q.titleId);
  if (!title || !listedEroticTypes(q.includeAdult).includes(title.eroticType)) return null;
  const rows = await freeBooks(db, {
    order: 'newly',
    pageTypes: null,
    eroticTypes: [title.eroticType],
    now: q.now,
    offset: 0,
    limit: 1000,
    titleId: q.titleId,
  });
  const books = rows.map((row) => toBookTile(row, q.now)).sort((a, b) => a.vol - b.vol);
  return { titleId: q.titleId, freeBookVols: books.map((b) => b.vol), books };
}
