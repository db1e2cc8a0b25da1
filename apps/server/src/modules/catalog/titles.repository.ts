import type { Db } from '../../db/schema';
import {
  type TitleInfoRow,
  type VolumeRow,
  authorsOfTitles,
  serialsOfTitles,
  titleInfosByIds,
  volumesOfTitles,
  wishCounts,
} from './books.repository';
import type { BookAuthor, BookSerialRef } from '@hondana/domain/catalog/books-api';

/**
 * Everything the book and title calls read about one title: the title, its authors, every
 * volume in `vol` order, wish and purchase counts and its serial. The same facts serve the
 * book detail, Book v3, the title calls, guest totals and the series page, so each rule is
 * applied in one place to one shape.
 */
export interface TitleFacts {
  info: TitleInfoRow;
  authors: BookAuthor[];
  volumes: VolumeRow[];
  wishCount: number;
  buyCounts: Map<number, number>;
  serial: BookSerialRef | null;
}

/**
 * Catalog rows change rarely (an import or an editor), while the volume detail is the most
 * read call of the store: titles are kept in process for a few seconds. Only catalog data is
 * kept, never anything about a member; per-instant fields (the price in effect, the sales
 * status) are computed from the kept rows on every request. A catalog write that counts its
 * change (`ops/store-changes.ts`) empties the cache in every process within a second
 * (`catalog-caches.ts`); the TTL bounds an edit that does not.
 */
const TITLE_CACHE_TTL_MS = 10_000;
const TITLE_CACHE_MAX = 20_000;
const BOOK_INDEX_MAX = 200_000;

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

interface CatalogCache {
  titles: Map<number, Entry<TitleFacts | null>>;
  /** book id → title id; a book never moves to another title. */
  bookTitles: Map<number, number | null>;
}

/** One cache per database handle, so test apps on fresh databases never share rows. */
const caches = new WeakMap<Db, CatalogCache>();

function cacheOf(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { titles: new Map(), bookTitles: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets every kept catalog row of `db` (after an import, or in tests that edit the catalog). */
export function invalidateCatalogCache(db: Db): void {
  caches.delete(db);
}

/** Forgets the kept rows of one title (its wish count changed: the notices area's my list). */
export function forgetTitleFacts(db: Db, titleId: number): void {
  caches.get(db)?.titles.delete(titleId);
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** Facts of the titles, in the order asked; a missing title is absent from the map. */
export async function titleFacts(db: Db, titleIds: readonly number[]): Promise<Map<number, TitleFacts>> {
  const cache = cacheOf(db);
  const now = Date.now();
  const missing = titleIds.filter((id) => {
    const entry = cache.titles.get(id);
    return !entry || entry.expires <= now;
  });
  if (missing.length > 0) {
    const loaded = loadTitleFacts(db, missing);
    for (const id of missing) {
      const value = loaded.then((m) => m.get(id) ?? null);
      // Awaited below; a load failure must not also surface as an unhandled rejection.
      value.catch(() => undefined);
      remember(cache.titles, id, { expires: now + TITLE_CACHE_TTL_MS, value }, TITLE_CACHE_MAX);
    }
    // A failed load is not kept: the next request tries again.
    loaded.catch(() => missing.forEach((id) => cache.titles.delete(id)));
  }
  const result = new Map<number, TitleFacts>();
  for (const id of titleIds) {
    const facts = await cache.titles.get(id)?.value;
    if (facts) result.set(id, facts);
  }
  return result;
}

async function loadTitleFacts(db: Db, titleIds: number[]): Promise<Map<number, TitleFacts>> {
  const [infos, authors, volumes, wishes, serials, buys] = await Promise.all([
    titleInfosByIds(db, titleIds),
    authorsOfTitles(db, titleIds),
    volumesOfTitles(db, titleIds),
    wishCounts(db, titleIds),
    serialsOfTitles(db, titleIds),
    buyCountsOfTitles(db, titleIds),
  ]);
  const facts = new Map<number, TitleFacts>();
  for (const info of infos) {
    facts.set(info.titleId, {
      info,
      authors: authors.get(info.titleId) ?? [],
      volumes: [],
      wishCount: wishes.get(info.titleId) ?? 0,
      buyCounts: buys,
      serial: serials.get(info.titleId) ?? null,
    });
  }
  for (const v of volumes) facts.get(v.titleId)?.volumes.push(v);
  return facts;
}

/** Purchases per book of the titles (by the events' title index). */
async function buyCountsOfTitles(db: Db, titleIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('catalog_events')
    .select((eb) => ['book_id as id', eb.fn.countAll<number>().as('n')])
    .where('title_id', 'in', titleIds)
    .where('kind', '=', 'purchase')
    .where('book_id', 'is not', null)
    .groupBy('book_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** The title of each book (null for an unknown book), kept in process. */
export async function titleIdsOfBooks(db: Db, bookIds: readonly number[]): Promise<Map<number, number | null>> {
  const cache = cacheOf(db);
  const missing = bookIds.filter((id) => !cache.bookTitles.has(id));
  if (missing.length > 0) {
    const rows = await db.selectFrom('books').select(['id', 'title_id']).where('id', 'in', missing).execute();
    const found = new Map(rows.map((r) => [r.id, r.title_id]));
    // Unknown ids are not remembered: a book added later must be found.
    for (const [id, titleId] of found) remember(cache.bookTitles, id, titleId, BOOK_INDEX_MAX);
  }
  return new Map(bookIds.map((id) => [id, cache.bookTitles.get(id) ?? null]));
}

/** A page of title ids of the whole catalog in id order, with the total (`/title/list`). */
export async function catalogTitleIds(
  db: Db,
  q: { eroticTypes: number[]; offset: number; limit: number },
): Promise<{ totalCount: number; ids: number[] }> {
  const base = db.selectFrom('titles').where('erotic_type', 'in', q.eroticTypes);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select('id').orderBy('id').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { totalCount: Number(total.n), ids: rows.map((r) => r.id) };
}
