import { listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { RECOMMENDATIONS_LIMIT } from '@hondana/domain/catalog/rankings';
import type { Db } from '../../db/schema';
import { toBookTile } from './catalog.service';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import { releasedBooksOf } from './rankings.repository';
import { rankingSlice } from './rankings.service';
import {
  bookSource,
  genresOfTitles,
  historyTitles,
  ownedBookIds,
  titleRows,
  titlesBySameAuthors,
  titlesOfGenres,
  titlesTogether,
  wishCounts,
} from './recommendations.repository';
import type { RecommendedBook } from '@hondana/domain/catalog/recommendations-api';
import { authorsOfTitles } from './books.repository';

type Reason = RecommendedBook['reason'];

interface RecommendOptions {
  limit?: number;
  includeAdult: boolean;
  /** Only titles with a volume free now, recommending that volume (§7 `free_flg`). */
  freeOnly?: boolean;
  /** Genres to fall back on instead of the source's own (§7 `genre_ids`). */
  genreIds?: number[];
  now?: number;
}

/**
 * Turns candidate titles (best first, each with its reason) into recommended books: titles
 * the viewer may see, each with its first volume the member does not own (the first free
 * one when `freeOnly`), until `limit`.
 */
async function toRecommendations(
  db: Db,
  candidates: { titleId: number; reason: Reason }[],
  o: RecommendOptions & { sourceId: number | null; owned: Set<number> },
): Promise<RecommendedBook[]> {
  const limit = Math.max(0, Math.min(100, o.limit ?? RECOMMENDATIONS_LIMIT));
  const now = o.now ?? Date.now();
  const ids = candidates.map((c) => c.titleId);
  const listed = new Set(listedEroticTypes(o.includeAdult));
  const titles = new Map((await titleRows(db, ids)).filter((t) => listed.has(t.eroticType)).map((t) => [t.id, t]));
  const books = new Map<number, BookTile[]>();
  for (const row of await releasedBooksOf(db, [...titles.keys()], now)) {
    const list = books.get(row.titleId) ?? [];
    list.push(toBookTile(row, now));
    books.set(row.titleId, list);
  }
  const picked: { candidate: (typeof candidates)[number]; book: BookTile; freeVols: number }[] = [];
  for (const candidate of candidates) {
    if (picked.length >= limit) break;
    const vols = (books.get(candidate.titleId) ?? []).sort((a, b) => a.vol - b.vol);
    const open = vols.filter((b) => !o.owned.has(b.bookId) && (!o.freeOnly || b.free));
    if (!titles.has(candidate.titleId) || open.length === 0) continue;
    picked.push({ candidate, book: open[0]!, freeVols: vols.filter((b) => b.free).length });
  }
  const pickedIds = picked.map((p) => p.candidate.titleId);
  const [credits, wishes] = await Promise.all([authorsOfTitles(db, pickedIds), wishCounts(db, pickedIds)]);
  return picked.map(({ candidate, book, freeVols }) => ({
    sourceId: o.sourceId,
    bookId: book.bookId,
    titleId: book.titleId,
    title: book.title,
    vol: book.vol,
    authors: credits.get(book.titleId) ?? [],
    price: book.price,
    beforePrice: book.beforePrice,
    startDatetime: book.startDatetime,
    imageUrl: book.imageUrl,
    description: titles.get(book.titleId)!.description,
    freeBookVol: freeVols,
    wishCount: wishes.get(book.titleId) ?? 0,
    rating: book.rating,
    newTags: book.newTags,
    reason: candidate.reason,
  }));
}

/** Candidates in order: bought or read together, then same author, then same genre; each title once. */
async function candidatesFrom(
  db: Db,
  sourceTitles: number[],
  genreIds: number[],
  exceptUserId: number | null,
): Promise<{ titleId: number; reason: Reason }[]> {
  const seen = new Set(sourceTitles);
  const out: { titleId: number; reason: Reason }[] = [];
  const add = (ids: number[], reason: Reason) => {
    for (const titleId of ids) {
      if (seen.has(titleId)) continue;
      seen.add(titleId);
      out.push({ titleId, reason });
    }
  };
  add(await titlesTogether(db, sourceTitles, exceptUserId), 'together');
  add(await titlesBySameAuthors(db, sourceTitles), 'author');
  add(await titlesOfGenres(db, genreIds, sourceTitles), 'genre');
  return out;
}

/**
 * '<title>を好きな人が読んでいる作品' (§2): what readers of this book's title also bought or
 * read, falling back to the same author and then the same genre. Null for an unknown book,
 * or an R18 one when adult titles are not allowed.
 */
export async function bookToBook(
  db: Db,
  q: RecommendOptions & { bookId: number; fondness?: readonly Reason[]; excludeSource?: boolean },
): Promise<RecommendedBook[] | null> {
  const source = await bookSource(db, q.bookId);
  if (!source || !listedEroticTypes(q.includeAdult).includes(source.eroticType)) return null;
  const genres = q.genreIds?.length ? q.genreIds : source.genreId !== null ? [source.genreId] : [];
  // §7 fondness_source_type: only the kinds asked for; exclude_source=0: the source's own title first.
  const fondness = q.fondness;
  const candidates = (await candidatesFrom(db, [source.titleId], genres, null)).filter((c) => !fondness || fondness.includes(c.reason));
  if (q.excludeSource === false) candidates.unshift({ titleId: source.titleId, reason: 'together' });
  // The source book itself is never recommended (its title's next volume is).
  return toRecommendations(db, candidates, { ...q, sourceId: source.id, owned: new Set([source.id]) });
}

/**
 * Recommendations for a member from their history (what people with the same purchases and
 * reads had, then the same authors and genres); popular titles of the month when the member
 * has no history. Never a book the member owns, never a title already in their history.
 */
export async function userToBook(db: Db, q: RecommendOptions & { userId: number }): Promise<RecommendedBook[]> {
  const now = q.now ?? Date.now();
  const [history, owned] = await Promise.all([historyTitles(db, q.userId), ownedBookIds(db, q.userId)]);
  const historyGenres = history.length ? [...new Set((await genresOfTitles(db, history)).filter((g): g is number => g !== null))] : [];
  const candidates = await candidatesFrom(db, history, q.genreIds?.length ? q.genreIds : historyGenres, q.userId);
  const popular = await rankingSlice(db, {
    term: 'monthly',
    pageTypes: null,
    includeAdult: q.includeAdult,
    now,
    offset: 0,
    limit: 50,
  });
  const seen = new Set([...history, ...candidates.map((c) => c.titleId)]);
  for (const e of popular.entities) if (!seen.has(e.titleId)) candidates.push({ titleId: e.titleId, reason: 'popular' });
  return toRecommendations(db, candidates, { ...q, now, sourceId: history[0] ?? null, owned });
}
