import type { BookAuthor } from './books.types';
import type { BookTile } from './catalog.types';

/** §3 Title. `minVolBookId`/`maxVolBookId`/`maxVol` count volumes on sale or in pre-order. */
export interface Title {
  id: number;
  name: string;
  kana: string;
  imageUrl: string | null;
  /** The title's adult level (§9: 0, 1, 4), its eroticType. */
  mangaLevel: number;
  wishCount: number;
  categories: { id: number; name: string }[];
  newTags: string[];
  maxVol: number;
  magazineId: number | null;
  magazineName: string | null;
  publisherId: number | null;
  publisherName: string | null;
  completeFlg: boolean;
  pageType: string;
  genreId: number | null;
  minVolBookId: number | null;
  maxVolBookId: number | null;
  eroticType: number;
  metaList: { id: number; name: string }[];
}

/** `GET /title_infos/{title_id}`: a title with its description, authors and volume facts. */
export interface TitleInfo extends Title {
  description: string;
  authors: BookAuthor[];
  totalVolumes: number;
  freeBookVols: number[];
  latestBookId: number | null;
}

/** §3 Title notes. `lastUpdateDate` is written yyyy年M月d日 in Asia/Tokyo (§9). */
export interface TitleNotes {
  titleId: number;
  lastUpdateDate: string;
  titleNotes: string;
}

/** §3 Series info. */
export interface SeriesInfo {
  titleId: number;
  review: { reviewPointAve: number };
  /** The title is in the top sales ranking (rankings come with their own area). */
  salesRankTopIns: boolean;
  freeBooks: number;
  freeBookVols: number[];
}

/** A period shown as "until M/d"; `endDatetime` 0 means it has no end (§9). */
export interface PeriodEnd {
  endDatetime: number;
}

/**
 * The series page `/series_list/series_id={titleId}`. For an R18 title the viewer may not
 * see, `adultGate` is true and no volume, description or author is included: the page shows
 * the age dialog.
 */
export interface SeriesPage {
  title: Title;
  authors: BookAuthor[];
  description: string;
  notes: string;
  publisherName: string | null;
  magazineName: string | null;
  eroticType: number;
  adultGate: boolean;
  /** This page's volumes, ascending, 30 to a page (§9). */
  volumes: BookTile[];
  totalVolumes: number;
  volumePage: number;
  volumePageCount: number;
  freeVolumes: { count: number; books: BookTile[] };
  salePeriod: PeriodEnd | null;
  freePeriod: PeriodEnd | null;
  seriesInfo: SeriesInfo;
  /** The first volume, for the 'read sample' button (`/viewer?cid={bookId}`). */
  firstBookId: number | null;
}
