import {
  type ContinueItem,
  type ContinueResponse,
  type HideBooksResponse,
  type ShelfBook,
  type ShelfEpisode,
  type UserBooksByTitleResponse,
  type UserBooksQuery,
  type UserBooksResponse,
} from '@hondana/domain/bookshelf/bookshelf-api';
import { type ShelfSource, nextUnownedVolume, readingProgress, rentalState } from '@hondana/domain/bookshelf/bookshelf';
import { listedEroticTypes, priceAt } from '@hondana/domain/catalog/catalog';
import { notFound } from '@hondana/domain/common/errors';
import { possessionAt } from '@hondana/domain/orders/orders';
import { searchWords } from '@hondana/domain/catalog/search-text';
import { isAdultCategory } from '@hondana/domain/serials/serials';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import { authorsOfTitles } from '../catalog/catalog-reads';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import * as repo from './bookshelf.repository';
import { creditsOf, mediaVersions, summaryCount, summaryPage } from './shelf-series.repository';

/** Cover width of shelf tiles and volumes (§9: book tile 106 on mobile, 128 on desktop). */
const COVER_WIDTH = 128;
const serialImage = (serialId: number) => `/media/serials/${serialId}/164.webp`;

export interface Viewer {
  userId: number;
  includeAdult: boolean;
  now: number;
}

/** `GET /user_books/me`: the member's series tiles, filtered, searched, sorted and paged. */
export async function listShelf(db: Db, v: Viewer, q: UserBooksQuery): Promise<UserBooksResponse> {
  const scope: repo.ShelfScope = {
    userId: v.userId,
    now: v.now,
    filter: q.filter,
    words: q.word ? searchWords(q.word) : [],
    eroticTypes: listedEroticTypes(v.includeAdult),
  };
  // The unfiltered shelf reads the summary (shelf_series); a filter groups the member's books.
  const summary = q.filter === 'ALL';
  const rows = summary
    ? await summaryPage(db, { ...scope, sort: q.sort, offset: q.offset, limit: q.limit })
    : await repo.seriesPage(db, scope, q.sort, q);
  const emptyPage = rows.length === 0 && q.offset > 0;
  const totalCount = rows.length
    ? rows[0]!.total
    : !emptyPage
      ? 0
      : summary
        ? await summaryCount(db, scope)
        : await repo.seriesCount(db, scope);
  const ids = rows.map((r) => r.titleId);
  const [covers, credits, serials] = await Promise.all([
    summary ? summaryCovers(db, rows as Awaited<ReturnType<typeof summaryPage>>) : repo.newestVolumes(db, scope, ids),
    creditsOf(db, ids),
    repo.titleImages(
      db,
      ids.filter((_, i) => rows[i]!.newestVol === null),
    ),
  ]);
  return {
    totalCount,
    offset: q.offset,
    limit: q.limit,
    series: rows.map((r) => {
      const cover = covers.get(r.titleId);
      const image = serials.get(r.titleId);
      return {
        titleId: r.titleId,
        titleName: r.name,
        titleKana: r.kana,
        authors: (credits.get(r.titleId) ?? []).map(({ authorId, name, kana }) => ({ authorId, name, kana })),
        imageUrl: cover
          ? coverUrl(cover.bookId, COVER_WIDTH, cover.version)
          : image === undefined
            ? null
            : 'serialId' in image
              ? serialImage(image.serialId)
              : coverUrl(image.bookId, COVER_WIDTH, image.version),
        bookCount: r.n,
        newestVol: r.newestVol,
        lastBoughtAt: r.boughtAt,
        lastReadAt: r.readAt,
        eroticType: r.eroticType,
      };
    }),
  };
}

async function summaryCovers(db: Db, rows: Awaited<ReturnType<typeof summaryPage>>) {
  const bookIds = rows.flatMap((r) => (r.newestBookId === null ? [] : [r.newestBookId]));
  const versions = await mediaVersions(db, bookIds);
  return new Map(
    rows.flatMap((r) =>
      r.newestBookId === null ? [] : [[r.titleId, { bookId: r.newestBookId, version: versions.get(r.newestBookId) ?? 1 }] as const],
    ),
  );
}

/**
 * `GET /user_books/me/by_title`: the member's volumes and rented episodes of one series, and
 * the next volume they do not hold. 404 for a title this viewer may not see (§6 adult gate).
 */
export async function shelfOfTitle(db: Db, v: Viewer, titleId: number): Promise<UserBooksByTitleResponse> {
  const title = await repo.findTitle(db, titleId, listedEroticTypes(v.includeAdult));
  if (!title) throw notFound('title_id');
  const [volumes, rentals, candidates, credits] = await Promise.all([
    repo.heldVolumes(db, v.userId, titleId),
    repo.rentedEpisodes(db, v.userId, titleId),
    repo.distributedVolumes(db, titleId, v.now),
    authorsOfTitles(db, [titleId]),
  ]);
  const books: ShelfBook[] = volumes.map((b) => ({
    bookId: b.bookId,
    bought: possessionAt(true, Number(b.startDatetime), v.now) === 'OWNED',
    vol: b.vol,
    contentsName: b.contentsName,
    imageUrl: coverUrl(b.bookId, COVER_WIDTH, b.version),
    possessionStatus: possessionAt(true, Number(b.startDatetime), v.now),
    source: b.source as ShelfSource,
    boughtAt: Number(b.boughtAt),
    startDatetime: Number(b.startDatetime),
    hidden: b.hiddenAt !== null,
    progress: readingProgress(b.page, b.pageCount, b.readEndBookId !== null),
    lastReadAt: b.readAt === null ? null : Number(b.readAt),
  }));
  const episodes: ShelfEpisode[] = rentals.map((e) => ({
    serialEpisodeId: e.id,
    serialId: e.serialId,
    serialName: e.serialName,
    title: e.title,
    orderSequence: e.orderSequence,
    imageUrl: serialImage(e.serialId),
    rentalEnd: Number(e.rentalEnd),
    rentalState: rentalState(Number(e.rentalEnd), v.now),
    rentedAt: Number(e.rentedAt ?? 0),
  }));
  const held = new Set(volumes.map((b) => b.bookId));
  const next = nextUnownedVolume(candidates, held);
  return {
    title: { ...title, authors: (credits.get(titleId) ?? []).map(({ authorId, name, kana }) => ({ authorId, name, kana })) },
    books,
    episodes,
    nextBook: next
      ? {
          bookId: next.bookId,
          vol: next.vol,
          contentsName: next.contentsName,
          imageUrl: coverUrl(next.bookId, COVER_WIDTH, next.version),
          price: priceAt({ ...next, freeFlg: next.freeFlg === 1 }, v.now).price,
          startDatetime: Number(next.startDatetime),
          reservable: Number(next.startDatetime) > v.now,
        }
      : null,
  };
}

/**
 * Hides (or shows again) the member's own books among `bookIds` in the caller's transaction and
 * refreshes the shelf's summary of them; how many changed. Orders' `setBooksHidden` (orders owns
 * `user_books`), which `app.ts` hands over: orders imports the bookshelf's shelf updates.
 */
export type SetBooksHidden = (
  trx: Transaction<Database>,
  userId: number,
  bookIds: number[],
  hidden: boolean,
  now: number,
) => Promise<number>;

/** `POST /user_books/me/hide` and `/unhide`, once per one-time token: only the member's own books change. */
export function setHidden(
  db: Db,
  input: { userId: number; token: string; bookIds: number[]; hidden: boolean; now: number },
  setBooksHidden: SetBooksHidden,
): Promise<StoredResponse<HideBooksResponse>> {
  const use = {
    token: input.token,
    userId: input.userId,
    purpose: hidePurpose(input.hidden),
    request: { b: input.bookIds },
    now: input.now,
  };
  return withOneTimeToken<HideBooksResponse>(db, use, async (trx) => {
    const updatedCount = await setBooksHidden(trx, input.userId, input.bookIds, input.hidden, input.now);
    return { body: { status: { code: 0 }, result: { bookIds: input.bookIds, hidden: input.hidden, updatedCount } } };
  });
}

export const hidePurpose = (hidden: boolean) => (hidden ? 'user_books_hide' : 'user_books_unhide');

/** `GET /user_books/me/continue`: books and serial episodes last opened, newest first, with the synced page. */
export async function continueReading(db: Db, v: Viewer, limit: number): Promise<ContinueResponse> {
  const [books, episodes] = await Promise.all([
    repo.recentBooks(db, v.userId, listedEroticTypes(v.includeAdult), limit),
    repo.recentEpisodes(db, v.userId, limit),
  ]);
  const items: ContinueItem[] = [
    ...books.map((b) => ({
      kind: 'book' as const,
      id: b.bookId,
      bookId: b.bookId,
      serialEpisodeId: null,
      title: b.title,
      imageUrl: coverUrl(b.bookId, COVER_WIDTH, b.version),
      page: b.page,
      totalPage: b.totalPage,
      readAt: Number(b.readAt),
    })),
    ...episodes
      .filter((e) => v.includeAdult || !isAdultCategory(e.category))
      .map((e) => ({
        kind: 'episode' as const,
        id: e.episodeId,
        bookId: null,
        serialEpisodeId: e.episodeId,
        title: `${e.serialName} ${e.title}`,
        imageUrl: serialImage(e.serialId),
        page: 0,
        totalPage: e.totalPage,
        readAt: Number(e.readAt),
      })),
  ];
  items.sort((a, b) => b.readAt - a.readAt || b.id - a.id);
  return { items: items.slice(0, limit) };
}
