import { EroticType, listedEroticTypes } from '@hondana/domain/catalog/catalog';
import {
  FREE_RANKING_LIMIT,
  RANKING_CUTOFF_RANK,
  RANKING_PAGE_SIZE,
  type RankGender,
  type RankingBasis,
  type RankingTerm,
  pageTypeFilter,
  rankGenderPageTypes,
  rankingBases,
  rankingScore,
  rankingTerms,
  rankingWindow,
} from '@hondana/domain/catalog/rankings';
import type { Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import { runningPointCampaigns } from '../orders/purchase';
import { toBookTile } from './catalog.service';
import type { BookTileRow } from './catalog.repository';
import {
  type TitleEventCounts,
  eventCountsByTitle,
  firstFreeBooks,
  newestReleasedBooks,
  replaceRanking,
  storedRanking,
  titlesWithFreeBook,
} from './rankings.repository';
import type { RankingEntry, RankingPage } from '@hondana/domain/catalog/rankings-api';

interface RankedTitle {
  titleId: number;
  pageType: string;
  eroticType: number;
  score: number;
}

/** A window's counts scored by a basis: the titles with a positive score, best first (ties by id). */
function scored(counts: TitleEventCounts[], term: RankingTerm, basis: RankingBasis): RankedTitle[] {
  return counts
    .map((c) => ({
      titleId: c.titleId,
      pageType: c.pageType,
      eroticType: c.eroticType,
      score: rankingScore(term, basis, c.recent, c.baseline),
    }))
    .filter((t) => t.score > 0)
    .sort(byScore);
}

const byScore = (a: RankedTitle, b: RankedTitle) => b.score - a.score || a.titleId - b.titleId;

/** How often the `rankings` job works the rankings out again (late events, a new Tokyo day). */
export const RANKINGS_EVERY_MS = 10 * 60_000;

/**
 * One run of the `rankings` job (issue 40 item 8): each term's window as of `now` counted once
 * (the recorded `/log` calls, the store's sales and reads and wishes, the demo's drawn history:
 * `eventCountsByTitle`), scored by every basis and written to `ranking_scores` for every
 * process to read. The scheduler's lease runs it once per interval in the whole store.
 * Returns the rows written.
 */
export async function recomputeRankings(db: Db, now: number): Promise<{ written: number; changed: boolean }> {
  let written = 0;
  let changed = false;
  for (const term of rankingTerms) {
    const window = rankingWindow(term, now);
    const counts = await eventCountsByTitle(db, window);
    const rows = rankingBases.flatMap((basis) => scored(counts, term, basis).map((t) => ({ basis, titleId: t.titleId, score: t.score })));
    if (await replaceRanking(db, { term, from: window.from, to: window.to, now, rows })) {
      written += rows.length;
      changed = true;
    }
  }
  return { written, changed };
}

/**
 * A ranking as every process reads it: the `rankings` job's rows when the job has worked out the
 * window of `now` (one primary-key read), else (a new Tokyo day before the job's next run, a
 * store the job has not run on yet) worked out here the same way. Each process keeps the sorted
 * ranking of a window for ten minutes (per database, term and basis), and drops it when the job
 * writes (the `rankings` change, `catalog/routes.ts`) or the catalog changes.
 */
const MEMO_MS = 10 * 60_000;
const memo = new WeakMap<Db, Map<string, { at: number; ranked: Promise<RankedTitle[]> }>>();

async function loadRanked(db: Db, term: RankingTerm, basis: RankingBasis, now: number): Promise<RankedTitle[]> {
  const window = rankingWindow(term, now);
  const stored = await storedRanking(db, term, basis, window.to);
  if (stored) return stored.rows.sort(byScore);
  return scored(await eventCountsByTitle(db, window), term, basis);
}

async function rankedTitles(db: Db, term: RankingTerm, basis: RankingBasis, now: number): Promise<RankedTitle[]> {
  const window = rankingWindow(term, now);
  const key = `${term}:${basis}:${window.from}:${window.to}`;
  let byKey = memo.get(db);
  if (!byKey) memo.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  const at = Date.now();
  if (hit && at - hit.at < MEMO_MS) return hit.ranked;
  const ranked = loadRanked(db, term, basis, now);
  for (const [k, v] of byKey) if (at - v.at >= MEMO_MS) byKey.delete(k);
  byKey.set(key, { at, ranked });
  ranked.catch(() => byKey.delete(key));
  return ranked;
}

/**
 * Which titles have a free volume changes only when a free period or a release starts or
 * ends; the set is kept until the next such instant (at most a minute, for catalog edits).
 */
const FREE_TITLES_MAX_MS = 60_000;
const freeTitlesMemo = new WeakMap<Db, { from: number; until: number; titleIds: Promise<Set<number>> }>();

/** Forgets the rankings and the free titles kept for `db` (the catalog changed: titles, shelves, free periods). */
export function forgetRankings(db: Db): void {
  memo.delete(db);
  placesMemo.delete(db);
  freeTitlesMemo.delete(db);
}

export function freeTitles(db: Db, now: number): Promise<Set<number>> {
  const hit = freeTitlesMemo.get(db);
  if (hit && now >= hit.from && now < hit.until && Date.now() < hit.from + FREE_TITLES_MAX_MS) return hit.titleIds;
  const loaded = titlesWithFreeBook(db, now);
  const entry = { from: now, until: now + FREE_TITLES_MAX_MS, titleIds: loaded.then((r) => r.titleIds) };
  freeTitlesMemo.set(db, entry);
  loaded.then(
    (r) => (entry.until = Math.min(entry.until, r.validUntil)),
    () => freeTitlesMemo.delete(db),
  );
  return entry.titleIds;
}

export interface RankingQuery {
  term: RankingTerm;
  basis?: RankingBasis;
  /** Shelves to rank; null ranks every shelf. */
  pageTypes: readonly string[] | null;
  includeAdult: boolean;
  now: number;
  offset: number;
  limit: number;
  /** Only these titles take part (free ranking, newly released ranking). */
  onlyTitles?: Set<number>;
  /** Width of `imageUrl` (§7 `thumbnail_type`), default 128. */
  thumbnailWidth?: number;
  /** Entries ranked worse than this are left out (§9 ranking cutoff). */
  maxRank?: number;
  /** Only NORMAL titles (§7 free book ranks: `healthy`). */
  healthy?: boolean;
  /**
   * The book each entry shows: the title's newest released volume, or (free ranking) its first
   * volume free now, so that 無料マンガランキング never offers a paid volume (issue 34 item 11).
   */
  shownBook?: 'newest' | 'firstFree';
}

/** The ranking restricted to what a query admits; memoised with the ranking when no title set is given. */
const filteredMemo = new WeakMap<RankedTitle[], Map<string, RankedTitle[]>>();

async function admitted(db: Db, q: RankingQuery): Promise<RankedTitle[]> {
  const ranked = await rankedTitles(db, q.term, q.basis ?? 'popular', q.now);
  const eroticTypes = new Set(q.healthy ? [EroticType.NORMAL] : listedEroticTypes(q.includeAdult));
  const shelves = q.pageTypes ? new Set(q.pageTypes) : null;
  const admits = (t: RankedTitle) =>
    eroticTypes.has(t.eroticType) &&
    (shelves === null || shelves.has(t.pageType)) &&
    (q.onlyTitles === undefined || q.onlyTitles.has(t.titleId));
  if (q.onlyTitles) return ranked.filter(admits);
  const key = `${[...eroticTypes].join(',')}|${q.pageTypes?.join(',') ?? '*'}`;
  let byKey = filteredMemo.get(ranked);
  if (!byKey) filteredMemo.set(ranked, (byKey = new Map()));
  let list = byKey.get(key);
  if (!list) byKey.set(key, (list = ranked.filter(admits)));
  return list;
}

/** The daily ranking's places by title for a listing (general, or all an adult sees), kept for its Tokyo day. */
interface KeptPlaces {
  /** The Tokyo day the ranking is of: `[from, until)` of `now`. */
  from: number;
  until: number;
  /** When it was read (`Date.now()`): kept ten minutes, as the ranking itself. */
  at: number;
  places: Map<number, number> | null;
  loading: Promise<Map<number, number>>;
}
const placesMemo = new WeakMap<Db, Map<boolean, KeptPlaces>>();
const DAY_MS = 86_400_000;

/** The rank a book detail names (§3 `rank`): within the first 100 of the daily ranking. */
const DETAIL_RANK_LIMIT = 100;

/**
 * A title's place in the daily ranking as the ranking page shows it (every shelf, the popular
 * basis), among the titles of its own listing (a general title among general titles, an R18
 * one among everything an adult sees); null outside the first {@link DETAIL_RANK_LIMIT}.
 * The book detail is the hottest read: once the day's places are read, a lookup answers at once
 * (no query, no date arithmetic, not even a promise); only the first call of a Tokyo day (or
 * after ten minutes, or a catalog change) waits for the ranking.
 */
export function dailyRankOf(db: Db, title: { titleId: number; eroticType: number }, now: number): number | null | Promise<number | null> {
  const adult = !listedEroticTypes(false).includes(title.eroticType);
  let byListing = placesMemo.get(db);
  if (!byListing) placesMemo.set(db, (byListing = new Map()));
  let kept = byListing.get(adult);
  if (!kept || now < kept.from || now >= kept.until || Date.now() - kept.at >= MEMO_MS) {
    const day = rankingWindow('daily', now).to;
    const loading = admitted(db, { term: 'daily', pageTypes: null, includeAdult: adult, now, offset: 0, limit: 0 }).then(
      (list) => new Map(list.slice(0, DETAIL_RANK_LIMIT).map((t, i) => [t.titleId, i + 1])),
    );
    const entry: KeptPlaces = { from: day, until: day + DAY_MS, at: Date.now(), places: null, loading };
    loading.then(
      (places) => (entry.places = places),
      () => byListing.delete(adult),
    );
    byListing.set(adult, (kept = entry));
  }
  if (kept.places) return kept.places.get(title.titleId) ?? null;
  return kept.loading.then((places) => places.get(title.titleId) ?? null);
}

/** One page of a ranking; ranks are positions among the titles the query admits. */
export async function rankingSlice(db: Db, q: RankingQuery): Promise<RankingPage> {
  const all = await admitted(db, q);
  const ranked = q.maxRank === undefined ? all : all.slice(0, q.maxRank);
  const slice = ranked.slice(q.offset, q.offset + q.limit);
  const [books, campaigns] = await Promise.all([
    (q.shownBook === 'firstFree' ? firstFreeBooks : newestReleasedBooks)(
      db,
      slice.map((t) => t.titleId),
      q.now,
    ),
    runningPointCampaigns(db, q.now),
  ]);
  const newest = new Map<number, BookTileRow>(books.map((b) => [b.titleId, b]));
  const entities: RankingEntry[] = [];
  slice.forEach((t, i) => {
    const row = newest.get(t.titleId);
    if (!row) return;
    const book = toBookTile(row, q.now, { campaigns });
    entities.push({
      rank: q.offset + i + 1,
      titleId: t.titleId,
      titleName: row.title,
      imageUrl: coverUrl(row.bookId, q.thumbnailWidth ?? 128, row.mediaVersion),
      pageType: t.pageType,
      eroticType: t.eroticType,
      score: Math.round(t.score * 100) / 100,
      book,
    });
  });
  const end = q.offset + slice.length;
  return {
    entities,
    nextPage: end < ranked.length && q.limit > 0 ? Math.floor(end / q.limit) + 1 : null,
    lastRank: slice.length ? q.offset + slice.length : 0,
    offset: q.offset,
    totalCount: ranked.length,
  };
}

/** The ranking page `/ranking/{term}/{page}` (20 titles a page) for a rank gender (§9). */
export function getRankingPage(
  db: Db,
  q: { term: RankingTerm; gender: RankGender; page: number; includeAdult: boolean; now: number },
): Promise<RankingPage> {
  const page = Math.max(1, Math.trunc(q.page));
  return rankingSlice(db, {
    term: q.term,
    pageTypes: rankGenderPageTypes[q.gender],
    includeAdult: q.includeAdult,
    now: q.now,
    offset: (page - 1) * RANKING_PAGE_SIZE,
    limit: RANKING_PAGE_SIZE,
  });
}

/**
 * 無料マンガランキング (§2, §9): titles with a book free now, ranked by yesterday's reads
 * (free books are read, not bought); at most `limit` (12) entries and only ranks 10 or better.
 */
export async function getFreeRanking(
  db: Db,
  q: {
    pageType: string;
    limit?: number;
    offset?: number;
    includeAdult: boolean;
    now: number;
    term?: RankingTerm;
    healthy?: boolean;
  },
): Promise<RankingEntry[]> {
  const page = await rankingSlice(db, {
    term: q.term ?? 'daily',
    pageTypes: pageTypeFilter(q.pageType),
    includeAdult: q.includeAdult,
    now: q.now,
    offset: q.offset ?? 0,
    limit: q.limit ?? FREE_RANKING_LIMIT,
    basis: 'reads',
    onlyTitles: await freeTitles(db, q.now),
    maxRank: RANKING_CUTOFF_RANK,
    healthy: q.healthy ?? false,
    shownBook: 'firstFree',
  });
  return page.entities;
}
