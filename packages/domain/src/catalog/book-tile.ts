/**
 * What a book tile shows (§2 "Other widgets"): the labels around a cover, derived from a
 * book's fields at an instant. Pages compute them on the server so a tile renders the same
 * text before and after hydration and the browser never needs a time-zone library.
 */
import { isPageType, pageTypeLabels } from './catalog';
import { formatMonthDay } from '../common/time';
import { formatTokyoDeadline } from '../common/tokyo-format';

/** Stars and score: '-' when the score is 0 (or missing), else one decimal (§2). */
export function scoreLabel(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score) || score <= 0) return '-';
  return (Math.round(score * 10) / 10).toFixed(1);
}

/** Filled stars out of five for a score (rounded to the nearest half, shown as whole stars). */
export function filledStars(score: number | null | undefined): number {
  if (typeof score !== 'number' || !Number.isFinite(score) || score <= 0) return 0;
  return Math.max(0, Math.min(5, Math.round(score)));
}

/** §5: the previous price is shown (struck through) only when it is an integer different from the price. */
export function priceChanged(price: number, beforePrice: unknown): beforePrice is number {
  return typeof beforePrice === 'number' && Number.isInteger(beforePrice) && beforePrice !== price;
}

/** Free-volume label of a title's tile: 'N巻無料' when N volumes are free, else none. */
export function freeVolumeLabel(freeVolumes: number | null | undefined): string | null {
  if (typeof freeVolumes !== 'number' || !Number.isInteger(freeVolumes) || freeVolumes <= 0) return null;
  return `${freeVolumes}巻無料`;
}

/** 'M/d販売' (Asia/Tokyo) for a book whose sale starts after `now`; none once it is on sale. */
export function startLabel(startDatetime: number | null | undefined, now: number): string | null {
  if (typeof startDatetime !== 'number' || !Number.isFinite(startDatetime) || startDatetime <= now) return null;
  return `${formatMonthDay(startDatetime)}販売`;
}

/**
 * A sale or free period's end as 'M/dまで', naming the last day included (an end at midnight
 * Tokyo names the day before) or 'M/d HH:mmまで' for an end at another time
 * (`formatTokyoDeadline`); an end time of 0 (or none) means no end (§9).
 */
export function periodEndLabel(endDatetime: number | null | undefined): string | null {
  if (typeof endDatetime !== 'number') return null;
  const deadline = formatTokyoDeadline(endDatetime);
  return deadline === null ? null : `${deadline}まで`;
}

interface RefundBadge {
  label: '即時還元';
  coins: number;
}

/** Badge 即時還元 with the coins refunded at once on purchase; none without a refund. */
export function refundBadge(refundCoins: number | null | undefined): RefundBadge | null {
  if (typeof refundCoins !== 'number' || !Number.isInteger(refundCoins) || refundCoins <= 0) return null;
  return { label: '即時還元', coins: refundCoins };
}

type RankTier = 'gold' | 'silver' | 'bronze' | 'plain';
interface RankBadge {
  rank: number;
  tier: RankTier;
}

/** Ranking badge of a tile in a ranking: ranks 1–3 get medal colours. */
export function rankBadge(rank: number | null | undefined): RankBadge | null {
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 1) return null;
  const tier: RankTier = rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : 'plain';
  return { rank, tier };
}

/** How long a released volume carries the new mark (§3 `newTags`, the tile's 新刊). */
const NEW_RELEASE_DAYS = 7;
const NEW_RELEASE_MS = NEW_RELEASE_DAYS * 24 * 60 * 60 * 1000;
/** The §3 `newTags` value of a volume released within the last {@link NEW_RELEASE_DAYS} days. */
export const NEW_TAG = 'NEW';

/** A volume is new from its release for {@link NEW_RELEASE_DAYS} days (not before it is on sale). */
export function isNewRelease(startDatetime: number | null | undefined, now: number): boolean {
  return (
    typeof startDatetime === 'number' && Number.isFinite(startDatetime) && startDatetime <= now && now < startDatetime + NEW_RELEASE_MS
  );
}

/** The instant a volume released at `startDatetime` stops being new. */
export const newReleaseEnd = (startDatetime: number): number => startDatetime + NEW_RELEASE_MS;

/** §3 `newTags` of a book (its own release) or a title (its newest released volume). */
export function newTags(startDatetime: number | null | undefined, now: number): string[] {
  return isNewRelease(startDatetime, now) ? [NEW_TAG] : [];
}

/** Optional page-type ribbon: the shelf's name; none for `all` or an unknown type. */
export function pageTypeRibbon(pageType: string | null | undefined): string | null {
  if (!pageType || pageType === 'all' || !isPageType(pageType)) return null;
  return pageTypeLabels[pageType];
}

/** The fields a tile's labels are derived from. */
interface TileSource {
  rating: number;
  price: number;
  beforePrice: number | null;
  startDatetime: number;
  /** Free volumes of the book's title (titles in free lists). */
  freeVolumes?: number | null;
  refundCoins?: number | null;
  rank?: number | null;
  /** Set only where the tile should carry the ribbon. */
  ribbonPageType?: string | null;
}

export interface TileLabels {
  score: string;
  stars: number;
  priceChanged: boolean;
  freeVolumes: string | null;
  start: string | null;
  refund: RefundBadge | null;
  rank: RankBadge | null;
  ribbon: string | null;
  /** Released within the last {@link NEW_RELEASE_DAYS} days: the tile's 新刊 mark. */
  isNew: boolean;
}

/** Every label of a tile at `now`. */
export function tileLabels(book: TileSource, now: number): TileLabels {
  return {
    score: scoreLabel(book.rating),
    stars: filledStars(book.rating),
    priceChanged: priceChanged(book.price, book.beforePrice),
    freeVolumes: freeVolumeLabel(book.freeVolumes),
    start: startLabel(book.startDatetime, now),
    refund: refundBadge(book.refundCoins),
    rank: rankBadge(book.rank),
    ribbon: pageTypeRibbon(book.ribbonPageType),
    isNew: isNewRelease(book.startDatetime, now),
  };
}
