/**
 * Catalog codes of spec §6 and §9 (erotic types, page types, page layouts, reading direction)
 * and the rules that follow from them: which books a viewer may see, which way a book reads,
 * and what a book costs at a given instant.
 */

/** `eroticType` (§6); adult levels 0, 1 and 4 of §9 are the first three. */
export const EroticType = { NORMAL: 0, EROTIC: 1, R18: 4, NOT_POST: 9, UNDEFINED: 10 } as const;
export type EroticType = (typeof EroticType)[keyof typeof EroticType];

/** Erotic types listed to everyone; R18 needs the adult check; NOT_POST and UNDEFINED are never listed. */
export function isListedEroticType(eroticType: number, adult: boolean): boolean {
  if (eroticType === EroticType.NORMAL || eroticType === EroticType.EROTIC) return true;
  return adult && eroticType === EroticType.R18;
}

export const listedEroticTypes = (adult: boolean): number[] =>
  adult ? [EroticType.NORMAL, EroticType.EROTIC, EroticType.R18] : [EroticType.NORMAL, EroticType.EROTIC];

/** Page types of §9: the store's top-level shelves. `all` is a filter, never a title's own type. */
export const PageType = {
  ALL: 'all',
  MALE: 'male',
  FEMALE: 'female',
  ADULT_FEMALE: 'adult_female',
  BL: 'bl',
  ADULT_MALE: 'adult_male',
  LIGHT_NOVEL: 'light_novel',
  NOVEL_LITERATURE: 'novel_literature',
  BUSINESS_PRACTICAL: 'business_practical',
  MAGAZINE_PHOTO: 'magazine_photo',
} as const;
export type PageType = (typeof PageType)[keyof typeof PageType];

export const pageTypes = Object.values(PageType);
export const isPageType = (value: string): value is PageType => (pageTypes as string[]).includes(value);

/** Shelf names as the store shows them. */
export const pageTypeLabels: Record<PageType, string> = {
  all: 'すべて',
  male: '男性マンガ',
  female: '女性マンガ',
  adult_female: 'オトナ女子',
  bl: 'BL',
  adult_male: 'オトナ男子',
  light_novel: 'ライトノベル',
  novel_literature: '小説・文芸',
  business_practical: 'ビジネス・実用',
  magazine_photo: '雑誌・写真集',
};

/** Page layouts (§9): fixed pages, webtoon strips, reflowable text. */
export const LayoutType = { FIXED: 0, WEBTOON: 1, REFLOW: 2 } as const;
export type LayoutType = (typeof LayoutType)[keyof typeof LayoutType];

/** Reading direction of a book (§3 Book: `direction`, default rtl). */
export type Direction = 'rtl' | 'ltr';
const DEFAULT_DIRECTION: Direction = 'rtl';

/** Book genre ids 11 to 17 force horizontal (left-to-right) reading (§9). */
const HORIZONTAL_GENRE_MIN = 11;
const HORIZONTAL_GENRE_MAX = 17;
export const forcesHorizontal = (genreId: number | null | undefined): boolean =>
  genreId != null && genreId >= HORIZONTAL_GENRE_MIN && genreId <= HORIZONTAL_GENRE_MAX;

/** The direction a book opens in: its genre forces ltr, else its own setting (rtl by default). */
export function readingDirection(genreId: number | null | undefined, stored: Direction | null | undefined): Direction {
  if (forcesHorizontal(genreId)) return 'ltr';
  return stored ?? DEFAULT_DIRECTION;
}

/** Sales status of a book (§4 sales status filter; ALL is only a filter). */
export const SalesStatus = { ON_SALE: 'ON_SALE', IN_RESERVATION: 'IN_RESERVATION', STOPPED: 'STOPPED' } as const;
export type SalesStatus = (typeof SalesStatus)[keyof typeof SalesStatus];

/** How an author contributed to a title (§3 Book v3 authors: `type`), with its credit label. */
export const AuthorRole = {
  AUTHOR: 'author',
  ORIGINAL: 'original',
  ART: 'art',
  ILLUSTRATION: 'illustration',
  EDITOR: 'editor',
  PHOTO: 'photo',
} as const;
export type AuthorRole = (typeof AuthorRole)[keyof typeof AuthorRole];
export const authorRoleLabels: Record<AuthorRole, string> = {
  author: '著者',
  original: '原作',
  art: '漫画',
  illustration: 'イラスト',
  editor: '編集',
  photo: '写真',
};

/** The consumption tax inside a tax-included price (10%, rounded down as the demo catalog does). */
export const taxInside = (price: number): number => Math.floor((price * 10) / 110);

/** The price fields of a book as stored: integers, instants in epoch ms, null for "no bound". */
export interface BookPricing {
  price: number;
  salePrice: number | null;
  saleStartDatetime: number | null;
  saleEndDatetime: number | null;
  freeFlg: boolean;
  freeStartDatetime: number | null;
  freeEndDatetime: number | null;
}

export interface PriceAt {
  /** What the book costs now (0 when free). */
  price: number;
  /** The regular price when the book is discounted or free now, else null. */
  beforePrice: number | null;
  free: boolean;
  /** Free only for a period (the tile shows its M/d end date). */
  limitedFree: boolean;
  /** On sale for a period. */
  limitedSale: boolean;
  /** When the current free or sale period ends; null for no end (§9: end time 0 means no end). */
  endDatetime: number | null;
}

const within = (now: number, start: number | null, end: number | null) => (start === null || start <= now) && (end === null || now < end);

/** The price of a book at `now`: free beats sale, and either applies only inside its period. */
export function priceAt(book: BookPricing, now: number): PriceAt {
  if (book.freeFlg && within(now, book.freeStartDatetime, book.freeEndDatetime)) {
    const limited = book.freeEndDatetime !== null;
    return {
      price: 0,
      beforePrice: book.price > 0 ? book.price : null,
      free: true,
      limitedFree: limited,
      limitedSale: false,
      endDatetime: book.freeEndDatetime,
    };
  }
  if (book.salePrice !== null && book.salePrice < book.price && within(now, book.saleStartDatetime, book.saleEndDatetime)) {
    return {
      price: book.salePrice,
      beforePrice: book.price,
      free: false,
      limitedFree: false,
      limitedSale: true,
      endDatetime: book.saleEndDatetime,
    };
  }
  return {
    price: book.price,
    beforePrice: null,
    free: false,
    limitedFree: false,
    limitedSale: false,
    endDatetime: null,
  };
}

/**
 * Whether `page` (0-based) belongs to a book's sample: the listed pages of a custom sample
 * (§4), else the first `samplePageTotal` pages.
 */
export function isSamplePage(page: number, samplePageTotal: number, customSamplePages: readonly number[] | null): boolean {
  if (customSamplePages && customSamplePages.length > 0) return customSamplePages.includes(page);
  return page >= 0 && page < samplePageTotal;
}

/** Parses the stored JSON list of a custom sample; anything malformed counts as no custom sample. */
export function parseCustomSample(stored: string | null): number[] | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every((n) => Number.isInteger(n) && n >= 0) ? (value as number[]) : null;
  } catch {
    return null;
  }
}
