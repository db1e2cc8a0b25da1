import { isSalable, priceInEffect } from '@hondana/domain/catalog/books';
import { periodEnd, volumePageWindow } from '@hondana/domain/catalog/titles';
import { listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { averageStars } from '@hondana/domain/reviews/reviews';
import type { PointCampaignRule } from '@hondana/domain/orders/orders';
import { formatJapaneseDate } from '@hondana/domain/common/time';
import { type TitleMarkFacts, titleMetaList, titleNewTags } from '@hondana/domain/catalog/title-marks';
import type { Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import type { VolumeRow } from './books.repository';
import { pricingOf, statusOf, visible } from './books.service';
import { runningPointCampaigns } from '../orders/purchase';
import { toBookTile } from './catalog.service';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import { type TitleFacts, catalogTitleIds, titleFacts } from './titles.repository';
import type { SeriesPage, Title, TitleInfo, TitleNotes } from '@hondana/domain/catalog/titles-api';

const TITLE_COVER_WIDTH = 128;

/** Volumes a title shows: on sale or in pre-order, ascending (stopped ones are gone from the store). */
const shownVolumes = (facts: TitleFacts, now: number): VolumeRow[] => facts.volumes.filter((v) => isSalable(statusOf(v, now)));

/** What the title's §3 marks are derived from at `now`. */
function markFacts(facts: TitleFacts, volumes: VolumeRow[], now: number): TitleMarkFacts {
  const released = volumes.filter((v) => v.startDatetime <= now);
  return {
    complete: facts.info.completeFlg === 1,
    newestReleased: released.reduce<number | null>((at, v) => (at === null || v.startDatetime > at ? v.startDatetime : at), null),
    hasFreeVolume: released.some((v) => priceInEffect(pricingOf(v), now).free),
    hasSerial: facts.serial !== null,
  };
}

export function toTitle(facts: TitleFacts, now: number): Title {
  const { info } = facts;
  const volumes = shownVolumes(facts, now);
  const first = volumes[0];
  const last = volumes.at(-1);
  const marks = markFacts(facts, volumes, now);
  return {
    id: info.titleId,
    name: info.titleName,
    kana: info.titleKana,
    imageUrl: first ? coverUrl(first.id, TITLE_COVER_WIDTH, first.mediaVersion) : null,
    mangaLevel: info.eroticType,
    wishCount: facts.wishCount,
    categories: info.genreId !== null ? [{ id: info.genreId, name: info.genreName ?? '' }] : [],
    newTags: titleNewTags(marks, now),
    maxVol: last?.vol ?? 0,
    magazineId: info.magazineId,
    magazineName: info.magazineName,
    publisherId: info.publisherId,
    publisherName: info.publisherName,
    completeFlg: info.completeFlg === 1,
    pageType: info.pageType,
    genreId: info.genreId,
    minVolBookId: first?.id ?? null,
    maxVolBookId: last?.id ?? null,
    eroticType: info.eroticType,
    metaList: titleMetaList(marks, now),
  };
}

const freeNow = (facts: TitleFacts, now: number) => shownVolumes(facts, now).filter((v) => priceInEffect(pricingOf(v), now).free);

function toTitleInfo(facts: TitleFacts, now: number): TitleInfo {
  const volumes = shownVolumes(facts, now);
  const released = volumes.filter((v) => v.startDatetime <= now);
  return {
    ...toTitle(facts, now),
    description: facts.info.titleDescription,
    authors: facts.authors,
    totalVolumes: volumes.length,
    freeBookVols: freeNow(facts, now).map((v) => v.vol),
    latestBookId: released.at(-1)?.id ?? null,
  };
}

async function visibleTitles(db: Db, titleIds: readonly number[], includeAdult: boolean): Promise<TitleFacts[]> {
  const facts = await titleFacts(db, titleIds);
  return titleIds.flatMap((id) => {
    const f = facts.get(id);
    return f && visible(f, includeAdult) ? [f] : [];
  });
}

/** `GET /titles/{title_id}`: null when unknown or hidden from this viewer. */
export async function getTitle(db: Db, q: { titleId: number; includeAdult: boolean; now: number }) {
  const [facts] = await visibleTitles(db, [q.titleId], q.includeAdult);
  return facts ? toTitle(facts, q.now) : null;
}

export async function getTitles(db: Db, q: { titleIds: readonly number[]; includeAdult: boolean; now: number }) {
  return (await visibleTitles(db, q.titleIds, q.includeAdult)).map((f) => toTitle(f, q.now));
}

export async function getTitleInfo(db: Db, q: { titleId: number; includeAdult: boolean; now: number }) {
  const [facts] = await visibleTitles(db, [q.titleId], q.includeAdult);
  return facts ? toTitleInfo(facts, q.now) : null;
}

export async function getTitleInfos(db: Db, q: { titleIds: readonly number[]; includeAdult: boolean; now: number }) {
  return (await visibleTitles(db, q.titleIds, q.includeAdult)).map((f) => toTitleInfo(f, q.now));
}

export async function getTitleNotes(db: Db, q: { titleId: number; includeAdult: boolean }): Promise<TitleNotes | null> {
  const [facts] = await visibleTitles(db, [q.titleId], q.includeAdult);
  if (!facts) return null;
  return { titleId: facts.info.titleId, lastUpdateDate: formatJapaneseDate(facts.info.updatedAt), titleNotes: facts.info.notes };
}

/**
 * `GET /title/list`: the titles of `title_id` when given, else the whole catalog in id order,
 * `limit` at a time from `offset`, so a client can enumerate it.
 */
export async function listCatalogTitles(
  db: Db,
  q: { titleIds?: readonly number[]; offset: number; limit: number; includeAdult: boolean; now: number },
): Promise<{ totalCount: number; titles: Title[] }> {
  if (q.titleIds) {
    const titles = await getTitles(db, { titleIds: q.titleIds, includeAdult: q.includeAdult, now: q.now });
    return { totalCount: titles.length, titles };
  }
  const page = await catalogTitleIds(db, { eroticTypes: listedEroticTypes(q.includeAdult), ...q });
  return { totalCount: page.totalCount, titles: await getTitles(db, { ...q, titleIds: page.ids }) };
}

function tileOf(facts: TitleFacts, v: VolumeRow, now: number, campaigns?: readonly PointCampaignRule[]): BookTile {
  const { info } = facts;
  return toBookTile(
    {
      bookId: v.id,
      titleId: info.titleId,
      title: info.titleName,
      vol: v.vol,
      price: v.price,
      salePrice: v.salePrice,
      saleStartDatetime: v.saleStartDatetime,
      saleEndDatetime: v.saleEndDatetime,
      freeFlg: v.freeFlg,
      freeStartDatetime: v.freeStartDatetime,
      freeEndDatetime: v.freeEndDatetime,
      startDatetime: v.startDatetime,
      layoutType: v.layoutType,
      mediaVersion: v.mediaVersion,
      pageType: info.pageType,
      eroticType: info.eroticType,
      reviewCount: info.reviewCount,
      reviewStarTotal: info.reviewStarTotal,
    },
    now,
    campaigns && { campaigns, genreId: info.genreId, publisherId: info.publisherId },
  );
}

/**
 * The series page: the title, its authors and description, one page of its volumes (30,
 * ascending), its free volumes and its sale and free periods. Null when the title does not
 * exist (or is never listed); an R18 title for a viewer without the adult check comes back
 * with `adultGate` and no volume content. `userId` will mark owned volumes once orders exist.
 */
export async function getSeriesPage(
  db: Db,
  q: { titleId: number; volumePage: number; includeAdult: boolean; userId: number | null; now: number },
): Promise<SeriesPage | null> {
  const [facts, campaigns] = await Promise.all([
    titleFacts(db, [q.titleId]).then((m) => m.get(q.titleId)),
    runningPointCampaigns(db, q.now),
  ]);
  if (!facts || !(visible(facts, true) || visible(facts, q.includeAdult))) return null;
  const { info } = facts;
  const adultGate = !visible(facts, q.includeAdult);
  const volumes = adultGate ? [] : shownVolumes(facts, q.now);
  const window = volumePageWindow(q.volumePage, volumes.length);
  const prices = volumes.map((v) => priceInEffect(pricingOf(v), q.now));
  const free = volumes.filter((_, i) => prices[i]!.free);
  return {
    // Not even the cover of an R18 title before the age check.
    title: adultGate ? { ...toTitle(facts, q.now), imageUrl: null } : toTitle(facts, q.now),
    authors: adultGate ? [] : facts.authors,
    description: adultGate ? '' : info.titleDescription,
    notes: adultGate ? '' : info.notes,
    publisherName: info.publisherName,
    magazineName: info.magazineName,
    eroticType: info.eroticType,
    adultGate,
    volumes: volumes.slice(window.offset, window.offset + window.limit).map((v) => tileOf(facts, v, q.now, campaigns)),
    totalVolumes: volumes.length,
    volumePage: window.page,
    volumePageCount: window.pageCount,
    freeVolumes: { count: free.length, books: free.map((v) => tileOf(facts, v, q.now, campaigns)) },
    salePeriod: periodEnd(prices.map((p) => ({ active: p.limitedSale, endDatetime: p.endDatetime }))),
    freePeriod: periodEnd(prices.map((p) => ({ active: p.free, endDatetime: p.endDatetime }))),
    seriesInfo: {
      titleId: info.titleId,
      review: { reviewPointAve: averageStars(info.reviewCount, info.reviewStarTotal) },
      salesRankTopIns: false,
      freeBooks: free.length,
      freeBookVols: free.map((v) => v.vol),
    },
    firstBookId: volumes[0]?.id ?? null,
  };
}
