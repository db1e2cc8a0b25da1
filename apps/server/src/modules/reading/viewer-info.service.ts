import { isSalable, nextVolume, priceInEffect } from '@hondana/domain/catalog/books';
import { PAGE_IMAGE_WIDTHS, isWidePage } from '@hondana/domain/reading/reading';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { SalesStatus, forcesHorizontal, readingDirection } from '@hondana/domain/catalog/catalog';
import { coverUrl } from '@hondana/domain/catalog/media-urls';
import {
  type PagesData,
  type ReadingPageRecord,
  type SokuyomiImage,
  type ViewerBook,
  type ViewerInfo,
  type ViewerPage,
  type VolumeRef,
} from '@hondana/domain/reading/reading-api';
import type { Db } from '../../db/schema';
import { signPageQuery, urlExpiry } from '../../media/signed-urls';
import type { VolumeRow } from '../catalog/title-facts';
import { isWished } from '../notices/wish-list.service';
import { hasLiveReview } from '../reviews/member-reviews';
import { pointsForBook } from '../orders/purchase';
import { getRatingSummary } from '../reviews/reviews.service';
import { pricingOf, statusOf } from '../catalog/books.service';
import { type ReadingBook, isSample, pageGrant } from './reading-access';
import * as repo from './reading.repository';

const COVER_WIDTH = 256;

interface ViewerRequest {
  userId: number | null;
  now: number;
  mediaKey: string;
  /** Only the custom sample's pages (GET /browser/custom_sample). */
  customSampleOnly: boolean;
}

/** §3 Viewer info response for `book`. */
export async function viewerInfo(db: Db, book: ReadingBook, q: ViewerRequest): Promise<ViewerInfo> {
  const { userId } = q;
  const { titleId } = book.volume;
  const [pages, navigations, rating, position, bookmarks, readEnd, review, inMyList, points] = await Promise.all([
    repo.pagesOf(db, book.volume.id),
    repo.navigationsOf(db, book.volume.id),
    getRatingSummary(db, titleId),
    userId === null ? null : repo.findPosition(db, userId, book.volume.id),
    userId === null ? [] : repo.bookmarksOf(db, userId, book.volume.id),
    userId === null ? false : repo.hasReadEnd(db, userId, book.volume.id),
    userId === null ? false : hasLiveReview(db, titleId, userId),
    userId === null ? false : isWished(db, userId, titleId),
    pointsForBook(db, userId, book.volume.id, q.now),
  ]);
  const pagesData = pagesDataOf(book, pages, q);
  const readingPage: ReadingPageRecord | null = position ? { page: position.page, font: position.font, readAt: position.readAt } : null;
  const { next, previous } = neighbours(book, q.now);
  const later = laterVolumes(book, q.now);
  return {
    book_data: bookData(book, {
      navigations,
      bookmarks: bookmarks.map((b) => b.page),
      reachedLastPage: readEnd,
      startupPage: startupPage(book, readingPage),
      next,
      later,
      rating: rating.average,
      reviewed: review,
      inMyList,
      pointCampaign: points && points.list.length > 0 ? points : null,
    }),
    pages_data: pagesData,
    layoutType: book.volume.layoutType,
    readingPage,
    nextVolume: next,
    previousVolume: previous,
  };
}

/** `GET /browser/sokuyomi_image`: the book's first page, signed for this requester; null without pages. */
export async function sokuyomiImage(db: Db, book: ReadingBook, q: ViewerRequest): Promise<SokuyomiImage | null> {
  const first = (await repo.pagesOf(db, book.volume.id)).slice(0, 1);
  const data = pagesDataOf(book, first, q);
  const [page] = data.pages;
  return page ? { bookId: book.volume.id, totalPage: data.totalPage, page, urlExpiresAt: data.urlExpiresAt } : null;
}

function startupPage(book: ReadingBook, position: ReadingPageRecord | null): number {
  if (!position) return 0;
  const total = book.volume.pageCount;
  return total > 0 ? Math.min(position.page, total - 1) : position.page;
}

function pagesDataOf(book: ReadingBook, pages: repo.PageRow[], q: ViewerRequest): PagesData {
  const expiresAt = urlExpiry(q.now);
  const { id, mediaVersion } = book.volume;
  const chosen = q.customSampleOnly ? pages.filter((p) => book.customSample?.includes(p.page)) : pages;
  let signed = false;
  const out: ViewerPage[] = chosen.map((p) => {
    const grant = q.customSampleOnly ? { kind: 'sample' as const } : pageGrant(book, p.page, q.userId);
    // A text page has no image: its text comes from book_text, under the same sample rule.
    const text = p.textPage === 1;
    const images =
      grant && !text
        ? PAGE_IMAGE_WIDTHS.map((width) => {
            const query = `v=${mediaVersion}&${signPageQuery(q.mediaKey, id, p.page, grant, expiresAt)}`;
            return {
              width,
              webp: `/media/pages/${id}/${p.page}/${width}.webp?${query}`,
              jpg: `/media/pages/${id}/${p.page}/${width}.jpg?${query}`,
            };
          })
        : [];
    signed ||= images.length > 0;
    return {
      page: p.page,
      width: p.width,
      height: p.height,
      wide: p.wideFlg === 1 || isWidePage(p.width, p.height),
      side: p.side,
      text,
      sample: isSample(book, p.page),
      accessible: grant !== null,
      images,
    };
  });
  return { totalPage: book.volume.pageCount, pages: out, urlExpiresAt: signed ? expiresAt : null };
}

function volumeRef(book: ReadingBook, v: VolumeRow, now: number): VolumeRef {
  const price = priceInEffect(pricingOf(v), now);
  return {
    bookId: v.id,
    title: v.contentsName,
    vol: v.vol,
    imageUrl: coverUrl(v.id, COVER_WIDTH, v.mediaVersion),
    price: price.price,
    free: price.free,
    bought: book.heldIds.has(v.id),
    startDatetime: v.startDatetime,
  };
}

function neighbours(book: ReadingBook, now: number): { next: VolumeRef | null; previous: VolumeRef | null } {
  const salable = book.facts.volumes.filter((v) => isSalable(statusOf(v, now)));
  const next = nextVolume(salable, book.volume.vol);
  let previous: VolumeRow | null = null;
  for (const v of salable) if (v.vol < book.volume.vol && (previous === null || v.vol > previous.vol)) previous = v;
  return {
    next: next ? volumeRef(book, next, now) : null,
    previous: previous ? volumeRef(book, previous, now) : null,
  };
}

/**
 * The volumes after this one, for the §4 bought message: whether one is already released
 * (then this is not the latest volume), and whether one can be pre-ordered or is pre-ordered.
 */
function laterVolumes(book: ReadingBook, now: number): LaterVolumes {
  let released = false;
  let reservable = false;
  let reserved = false;
  let reservableBookId: number | null = null;
  let reservableVol = Infinity;
  for (const v of book.facts.volumes) {
    if (v.vol <= book.volume.vol) continue;
    const status = statusOf(v, now);
    if (status === SalesStatus.ON_SALE) released = true;
    if (status === SalesStatus.IN_RESERVATION) {
      reservable = true;
      if (v.vol < reservableVol) {
        reservableVol = v.vol;
        reservableBookId = v.id;
      }
      if (book.heldIds.has(v.id)) reserved = true;
    }
  }
  return { released, reservable, reserved, reservableBookId };
}

interface LaterVolumes {
  released: boolean;
  reservable: boolean;
  reserved: boolean;
  reservableBookId: number | null;
}

interface MemberFacts {
  navigations: { page: number; text: string }[];
  bookmarks: number[];
  reachedLastPage: boolean;
  startupPage: number;
  next: VolumeRef | null;
  later: LaterVolumes;
  /** Average stars of the title's reviews (0 without reviews). */
  rating: number;
  reviewed: boolean;
  inMyList: boolean;
  pointCampaign: PointCampaignSummary | null;
}

function bookData(book: ReadingBook, m: MemberFacts): ViewerBook {
  const { detail: d, volume: v, facts } = book;
  const genreId = facts.info.genreId;
  return {
    id: v.id,
    vol: v.vol,
    title: v.contentsName,
    titleId: d.titleId,
    titleName: d.titleName,
    price: d.price,
    beforePrice: d.beforePrice,
    endDatetime: d.endDatetime,
    bought: book.owned,
    possessionStatus: book.possession,
    salable: d.salable,
    startupPage: m.startupPage,
    rating: m.rating,
    imageUrl: coverUrl(v.id, COVER_WIDTH, v.mediaVersion),
    totalPage: v.pageCount,
    samplePageTotal: v.samplePageTotal,
    customSamplePages: book.customSample,
    hasSample: d.hasSample,
    hasCustomSample: d.hasCustomSample,
    useCustomSample: book.useCustomSample,
    fullAccess: book.fullAccess,
    nextBookId: m.next?.bookId ?? null,
    nextBookImage: m.next?.imageUrl ?? null,
    nextBookTitle: m.next?.title ?? null,
    isNextBookBought: m.next?.bought ?? false,
    isNextBookFree: m.next?.free ?? false,
    isLatestVol: !m.later.released,
    isConcluded: facts.info.completeFlg === 1,
    hasReservableBook: m.later.reservable,
    reservableBookId: m.later.reservableBookId,
    reserved: m.later.reserved,
    free: d.free,
    reviewed: m.reviewed,
    inMyList: m.inMyList,
    navigations: m.navigations,
    links: [],
    pointCampaign: m.pointCampaign,
    direction: readingDirection(genreId, v.direction),
    genreId,
    forcedHorizontal: forcesHorizontal(genreId),
    writingMode: v.writingMode,
    bookmarks: m.bookmarks,
    reachedLastPage: m.reachedLastPage,
    imagedReflow: v.imagedReflow === 1,
    eroticType: d.eroticType,
    pageType: d.pageType,
    startDatetime: v.startDatetime,
    authors: d.authors,
  };
}
