import { type SalesStatusFilter, type VolumeSort } from '@hondana/domain/catalog/books-api';
import {
  basicPoint,
  discountAt,
  isSalable,
  matchesSalesStatus,
  nextVolume,
  priceInEffect,
  salesStatusAt,
  sortVolumes,
} from '@hondana/domain/catalog/books';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { type BookPricing, SalesStatus, isListedEroticType, parseCustomSample } from '@hondana/domain/catalog/catalog';
import { pointDetailTotal } from '@hondana/domain/orders/orders';
import { averageStars } from '@hondana/domain/reviews/reviews';
import { newReleaseEnd, newTags } from '@hondana/domain/catalog/book-tile';
import type { Db } from '../../db/schema';
import { coverSrcSet, coverUrl } from '../../media/media-spec';
import { bundleSummaryOfBook } from '../cart/bundle.service';
import { ownsBook } from '../orders/entitlements';
import { memberTitleMarks } from '../reviews/member-reviews';
import { pointsForBook } from '../orders/purchase';
import { dailyRankOf } from './rankings.service';
import type { VolumeRow } from './books.repository';
import type { BookDetail, BookInfo, BookV3 } from '@hondana/domain/catalog/books-api';
import { type TitleFacts, titleFacts, titleIdsOfBooks } from './titles.repository';

/** Cover widths: the volume detail shows a large cover, lists a tile-sized one (§9: 128 on desktop). */
const DETAIL_COVER_WIDTH = 256;
const LIST_COVER_WIDTH = 128;

export interface Viewer {
  includeAdult: boolean;
  now: number;
}

export const pricingOf = (v: VolumeRow): BookPricing => ({
  price: v.price,
  salePrice: v.salePrice,
  saleStartDatetime: v.saleStartDatetime,
  saleEndDatetime: v.saleEndDatetime,
  freeFlg: v.freeFlg === 1,
  freeStartDatetime: v.freeStartDatetime,
  freeEndDatetime: v.freeEndDatetime,
});

export const statusOf = (v: VolumeRow, now: number) => salesStatusAt(v, now);

const sampleOf = (v: VolumeRow) => {
  const custom = parseCustomSample(v.customSamplePages);
  const hasCustomSample = custom !== null && custom.length > 0;
  return { hasCustomSample, hasSample: hasCustomSample || v.samplePageTotal > 0 };
};

/** A title the viewer may see (§6: R18 only with ac=1 and a confirmed adult; never NOT_POST). */
export const visible = (facts: TitleFacts, includeAdult: boolean): boolean => isListedEroticType(facts.info.eroticType, includeAdult);

export function toBookDetail(facts: TitleFacts, v: VolumeRow, now: number): BookDetail {
  const price = priceInEffect(pricingOf(v), now);
  const status = statusOf(v, now);
  const { info } = facts;
  const onSale = facts.volumes.filter((x) => statusOf(x, now) === SalesStatus.ON_SALE).length;
  return {
    bookId: v.id,
    bookTitle: v.contentsName,
    titleId: info.titleId,
    seriesId: info.titleId,
    titleName: info.titleName,
    vol: v.vol,
    authors: facts.authors,
    price: price.price,
    beforePrice: price.beforePrice,
    regularPrice: v.price,
    taxAmount: v.taxAmount,
    bought: false,
    bookType: 0,
    imageUrl: coverUrl(v.id, DETAIL_COVER_WIDTH, v.mediaVersion),
    coverSrcSet: coverSrcSet(v.id, v.mediaVersion),
    coverSrcSetJpeg: coverSrcSet(v.id, v.mediaVersion, 'jpg'),
    rentalTime: v.rentalMinutes,
    rentalEnd: null,
    description: v.description || info.titleDescription,
    publisherId: info.publisherId,
    publisherName: info.publisherName,
    magazineId: info.magazineId,
    magazineName: info.magazineName,
    categoryId: info.genreId,
    subCategory: info.pageType,
    pageType: info.pageType,
    eroticType: info.eroticType,
    layoutType: v.layoutType,
    direction: v.direction,
    totalPage: v.pageCount,
    samplePageTotal: v.samplePageTotal,
    ...sampleOf(v),
    wishCount: facts.wishCount,
    wished: false,
    buyCount: facts.buyCounts.get(v.id) ?? 0,
    point: basicPoint(price.price),
    pointTotal: basicPoint(price.price),
    pointCampaign: null,
    commentTotal: info.reviewCount,
    rating: averageStars(info.reviewCount, info.reviewStarTotal),
    reviewed: false,
    reviewId: null,
    bundleId: null,
    bundleTotalPrice: null,
    bundleSalePrice: null,
    endDatetime: price.endDatetime,
    rank: null,
    free: price.free,
    limitedFree: price.limitedFree,
    limitedSale: price.limitedSale,
    isBulkBuy: onSale >= 2,
    newTags: newTags(v.startDatetime, now),
    serial: facts.serial,
    startDatetime: v.startDatetime,
    salesStatus: status,
    salable: isSalable(status),
    reservable: status === SalesStatus.IN_RESERVATION,
  };
}

function toBookV3(facts: TitleFacts, v: VolumeRow, now: number): BookV3 {
  const { info } = facts;
  return {
    id: v.id,
    contentsName: v.contentsName,
    titleId: info.titleId,
    titleName: info.titleName,
    vol: v.vol,
    price: v.price,
    taxAmount: v.taxAmount,
    discount: discountAt(pricingOf(v), now),
    startDatetime: v.startDatetime,
    salesStatus: statusOf(v, now),
    eroticType: info.eroticType,
    layoutType: v.layoutType,
    pageType: info.pageType,
    genreId: info.genreId,
    ...sampleOf(v),
    imageUrl: coverUrl(v.id, LIST_COVER_WIDTH, v.mediaVersion),
    pub: { id: info.publisherId, name: info.publisherName },
    authors: facts.authors,
  };
}

function toBookInfo(facts: TitleFacts, v: VolumeRow, now: number): BookInfo {
  return {
    bookId: v.id,
    titleId: v.titleId,
    titleName: facts.info.titleName,
    contentsName: v.contentsName,
    vol: v.vol,
    layoutType: v.layoutType,
    direction: v.direction,
    writingMode: v.writingMode,
    totalPage: v.pageCount,
    samplePageTotal: v.samplePageTotal,
    ...sampleOf(v),
    imagedReflow: v.imagedReflow === 1,
    eroticType: facts.info.eroticType,
    startDatetime: v.startDatetime,
    salesStatus: statusOf(v, now),
    imageUrl: coverUrl(v.id, LIST_COVER_WIDTH, v.mediaVersion),
  };
}

/** The visible books of `bookIds`, in the order asked, each with its title's facts. */
export async function visibleBooks(
  db: Db,
  bookIds: readonly number[],
  includeAdult: boolean,
): Promise<{ facts: TitleFacts; volume: VolumeRow }[]> {
  const titleOf = await titleIdsOfBooks(db, bookIds);
  const facts = await titleFacts(db, [...new Set([...titleOf.values()].filter((t): t is number => t !== null))]);
  const found: { facts: TitleFacts; volume: VolumeRow }[] = [];
  for (const bookId of bookIds) {
    const f = facts.get(titleOf.get(bookId) ?? -1);
    const volume = f?.volumes.find((v) => v.id === bookId);
    if (f && volume && visible(f, includeAdult)) found.push({ facts: f, volume });
  }
  return found;
}

/**
 * §3 Book detail of one volume for the volume detail page and `GET /books/{book_id}`; null
 * when the book does not exist or the viewer may not see it (R18 without the adult check).
 * The title's rating and review count come with the kept catalog part (the title row carries
 * them, migration 0900), so a guest costs no query; a member's `reviewed`, `reviewId`,
 * `wished` and `bought` (owned, or reserved and now released) are read for them alone, on a copy.
 */
export async function getBookDetail(
  db: Db,
  q: { bookId: number; includeAdult: boolean; userId: number | null; now: number },
): Promise<BookDetail | null> {
  const [found] = await visibleBooks(db, [q.bookId], q.includeAdult);
  if (!found) return null;
  // The bundle on sale that holds the volume and the §3 point campaign lines buying it earns
  // (member-dependent lines only for a member): read with the member's fields, not memoised.
  const bundle = bundleSummaryOfBook(db, q.bookId, q.now);
  const points = pointsForBook(db, q.userId, q.bookId, q.now);
  // §3 `rank`: the title's place in the daily ranking, read from the kept ranking (no query once warm).
  const rank = dailyRankOf(db, found.facts.info, q.now);
  const detail = memoBookDetail(found.facts, found.volume, q.now);
  if (q.userId === null) {
    const [inBundle, summary, ranked] = await Promise.all([bundle, points, rank]);
    return guestAnswer(detail, inBundle, summary, ranked);
  }
  const [{ reviewId, wished }, bought, inBundle, summary, ranked] = await Promise.all([
    memberTitleMarks(db, found.facts.info.titleId, q.userId),
    ownsBook(db, q.userId, q.bookId, q.now),
    bundle,
    points,
    rank,
  ]);
  return { ...detail, ...inBundle, ...withPoints(summary), rank: ranked, reviewed: reviewId !== null, reviewId, wished, bought };
}

type BundleFields = Awaited<ReturnType<typeof bundleSummaryOfBook>>;

/**
 * A guest's book detail is every guest's: the same frozen object while its parts are the same
 * (the kept catalog part, the kept point lines, the bundle's figures), so the route can keep its
 * written JSON with it (`books.routes.ts`) instead of copying and writing it on every call
 * (issue 36: the copy and the write were a fifth of a guest book detail's CPU).
 */
const guestAnswers = new WeakMap<
  BookDetail,
  { inBundle: BundleFields; summary: PointCampaignSummary | null; rank: number | null; answer: BookDetail }
>();

function guestAnswer(detail: BookDetail, inBundle: BundleFields, summary: PointCampaignSummary | null, rank: number | null): BookDetail {
  const kept = guestAnswers.get(detail);
  if (kept && kept.summary === summary && kept.rank === rank && sameBundle(kept.inBundle, inBundle)) return kept.answer;
  const answer = Object.freeze({ ...detail, ...inBundle, ...withPoints(summary), rank });
  guestAnswers.set(detail, { inBundle, summary, rank, answer });
  return answer;
}

const sameBundle = (a: BundleFields, b: BundleFields) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.bundleId === b.bundleId &&
    a.bundleTotalPrice === b.bundleTotalPrice &&
    a.bundleSalePrice === b.bundleSalePrice);

/** `pointCampaign` (null when no line applies) and `pointTotal` (§5 point detail total) of a book detail. */
function withPoints(summary: PointCampaignSummary | null): Pick<BookDetail, 'pointCampaign'> & Partial<Pick<BookDetail, 'pointTotal'>> {
  if (!summary || summary.list.length === 0) return { pointCampaign: null };
  return { pointCampaign: summary, pointTotal: pointDetailTotal(summary.totalPoint) };
}

/**
 * The volume detail is the hottest read: its catalog part is kept per title facts (so it goes
 * when the facts are reloaded) until the next instant at which any price, period or sales
 * status of the title changes. Frozen: callers add per-member fields to a copy.
 */
const detailMemo = new WeakMap<TitleFacts, Map<number, { from: number; until: number; detail: BookDetail }>>();

function memoBookDetail(facts: TitleFacts, volume: VolumeRow, now: number): BookDetail {
  let byBook = detailMemo.get(facts);
  if (!byBook) detailMemo.set(facts, (byBook = new Map()));
  const kept = byBook.get(volume.id);
  if (kept && kept.from <= now && now < kept.until) return kept.detail;
  const detail = Object.freeze(toBookDetail(facts, volume, now));
  byBook.set(volume.id, { from: previousChange(facts, now), until: nextChange(facts, now), detail });
  return detail;
}

const changeInstants = (v: VolumeRow) => [
  v.saleStartDatetime,
  v.saleEndDatetime,
  v.freeStartDatetime,
  v.freeEndDatetime,
  v.startDatetime,
  v.endDatetime,
  // The volume's new mark (§3 `newTags`) ends.
  newReleaseEnd(v.startDatetime),
];

/** The first instant after `now` at which something time-bound about the title's volumes changes. */
function nextChange(facts: TitleFacts, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const v of facts.volumes) for (const t of changeInstants(v)) if (t !== null && t > now && t < next) next = t;
  return next;
}

/** The last such instant at or before `now` (a clock moved back must not reuse a later answer). */
function previousChange(facts: TitleFacts, now: number): number {
  let previous = Number.NEGATIVE_INFINITY;
  for (const v of facts.volumes) for (const t of changeInstants(v)) if (t !== null && t <= now && t > previous) previous = t;
  return previous;
}

/** Book details of several books in the order asked; `salableOnly` drops books that cannot be bought. */
export async function getBookDetails(db: Db, q: Viewer & { bookIds: readonly number[]; salableOnly: boolean }): Promise<BookDetail[]> {
  const found = await visibleBooks(db, q.bookIds, q.includeAdult);
  const ranks = await Promise.all(found.map(({ facts }) => dailyRankOf(db, facts.info, q.now)));
  return found
    .map(({ facts, volume }, i) => ({ ...toBookDetail(facts, volume, q.now), rank: ranks[i] ?? null }))
    .filter((b) => !q.salableOnly || b.salable);
}

/** Book v3 of several books in the order asked, of the given sales status. */
export async function getBooksV3(db: Db, q: Viewer & { bookIds: readonly number[]; salesStatus: SalesStatusFilter }): Promise<BookV3[]> {
  const found = await visibleBooks(db, q.bookIds, q.includeAdult);
  return found.map(({ facts, volume }) => toBookV3(facts, volume, q.now)).filter((b) => matchesSalesStatus(q.salesStatus, b.salesStatus));
}

/** The volumes of a title (§7 /books/by_title/v3); null when the title is unknown or hidden. */
export async function getBooksByTitle(
  db: Db,
  q: Viewer & { titleId: number; salesStatus: SalesStatusFilter; offset: number; limit: number; sort: VolumeSort },
): Promise<{ totalCount: number; books: BookV3[] } | null> {
  const facts = (await titleFacts(db, [q.titleId])).get(q.titleId);
  if (!facts || !visible(facts, q.includeAdult)) return null;
  const matching = facts.volumes.filter((v) => matchesSalesStatus(q.salesStatus, statusOf(v, q.now)));
  const page = sortVolumes(matching, q.sort).slice(q.offset, q.offset + q.limit);
  return { totalCount: matching.length, books: page.map((v) => toBookV3(facts, v, q.now)) };
}

/**
 * The volume after a book (`/books/next_book`): `nextBook` is null on the last volume (a
 * normal answer, not an error); null overall when the book is unknown or hidden. A next
 * volume that is a pre-order is returned with salesStatus IN_RESERVATION; stopped ones are skipped.
 */
export async function getNextBook(db: Db, q: Viewer & { bookId: number }): Promise<{ bookId: number; nextBook: BookV3 | null } | null> {
  const [found] = await visibleBooks(db, [q.bookId], q.includeAdult);
  if (!found) return null;
  const candidates = found.facts.volumes.filter((v) => isSalable(statusOf(v, q.now)));
  const next = nextVolume(candidates, found.volume.vol);
  return { bookId: q.bookId, nextBook: next ? toBookV3(found.facts, next, q.now) : null };
}

/** Reader facts of several books (`/book_infos`). */
export async function getBookInfos(db: Db, q: Viewer & { bookIds: readonly number[] }): Promise<BookInfo[]> {
  const found = await visibleBooks(db, q.bookIds, q.includeAdult);
  return found.map(({ facts, volume }) => toBookInfo(facts, volume, q.now));
}
