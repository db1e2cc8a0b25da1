/**
 * Titles of the catalog API (§3 Title, Title notes, Series info; §7 "Titles"): request and
 * response schemas and the series page's answer. Its rules (volumes 30 to a page, the sale and
 * free periods' end) are in `titles.ts`.
 */
import { z } from 'zod';
import { BookAuthor } from './books-api';
import { acParam, idListParam, idParam, limitParam, offsetParam } from '../common/params';
import { BookTile } from './catalog-api';

export const TitleIdPath = z.object({ title_id: idParam });
export const TitleQuery = z.object({ ac: acParam });
export const TitlesQuery = z.object({ ac: acParam, title_id: idListParam });
/** `/title/list`: the listed titles, or without `title_id` the whole catalog page by page. */
export const TitleListQuery = z.object({
  ac: acParam,
  title_id: idListParam.optional(),
  offset: offsetParam,
  limit: limitParam(30),
});

const IdName = z.object({ id: z.number(), name: z.string() });

/** §3 Title. `minVolBookId`/`maxVolBookId`/`maxVol` count volumes on sale or in pre-order. */
export const Title = z.object({
  id: z.number(),
  name: z.string(),
  kana: z.string(),
  imageUrl: z.string().nullable(),
  /** The title's adult level (§9: 0, 1, 4), its eroticType. */
  mangaLevel: z.number(),
  wishCount: z.number(),
  categories: z.array(IdName),
  newTags: z.array(z.string()),
  maxVol: z.number(),
  magazineId: z.number().nullable(),
  magazineName: z.string().nullable(),
  publisherId: z.number().nullable(),
  publisherName: z.string().nullable(),
  completeFlg: z.boolean(),
  pageType: z.string(),
  genreId: z.number().nullable(),
  minVolBookId: z.number().nullable(),
  maxVolBookId: z.number().nullable(),
  eroticType: z.number(),
  metaList: z.array(IdName),
});
export type Title = z.infer<typeof Title>;

/** `GET /titles`, `/title/list`: `totalCount` is every matching title, `titles` this page of them. */
export const TitleList = z.object({ totalCount: z.number(), titles: z.array(Title) });
export type TitleList = z.infer<typeof TitleList>;

/** `GET /title_infos/{title_id}`: a title with its description, authors and volume facts. */
export const TitleInfo = Title.extend({
  description: z.string(),
  authors: z.array(BookAuthor),
  totalVolumes: z.number(),
  freeBookVols: z.array(z.number()),
  latestBookId: z.number().nullable(),
});
export type TitleInfo = z.infer<typeof TitleInfo>;

/** `GET /title_infos`, `/title/infos`. */
export const TitleInfoList = z.object({ totalCount: z.number(), titleInfos: z.array(TitleInfo) });
export type TitleInfoList = z.infer<typeof TitleInfoList>;

/** §3 Title notes. `lastUpdateDate` is written yyyy年M月d日 in Asia/Tokyo (§9). */
export const TitleNotes = z.object({ titleId: z.number(), lastUpdateDate: z.string(), titleNotes: z.string() });
export type TitleNotes = z.infer<typeof TitleNotes>;

/** §3 Series info. */
const SeriesInfo = z.object({
  titleId: z.number(),
  review: z.object({ reviewPointAve: z.number() }),
  /** The title is in the top sales ranking (rankings come with their own area). */
  salesRankTopIns: z.boolean(),
  freeBooks: z.number(),
  freeBookVols: z.array(z.number()),
});
type SeriesInfo = z.infer<typeof SeriesInfo>;

/** A period shown as "until M/d"; `endDatetime` 0 means it has no end (§9). */
const PeriodEnd = z.object({ endDatetime: z.number() });
type PeriodEnd = z.infer<typeof PeriodEnd>;

/**
 * The series page `/series_list/series_id={titleId}`. For an R18 title the viewer may not
 * see, `adultGate` is true and no volume, description or author is included: the page shows
 * the age dialog.
 */
export const SeriesPage = z.object({
  title: Title,
  authors: z.array(BookAuthor),
  description: z.string(),
  notes: z.string(),
  publisherName: z.string().nullable(),
  magazineName: z.string().nullable(),
  eroticType: z.number(),
  adultGate: z.boolean(),
  /** This page's volumes, ascending, 30 to a page (§9). */
  volumes: z.array(BookTile),
  totalVolumes: z.number(),
  volumePage: z.number(),
  volumePageCount: z.number(),
  freeVolumes: z.object({ count: z.number(), books: z.array(BookTile) }),
  salePeriod: PeriodEnd.nullable(),
  freePeriod: PeriodEnd.nullable(),
  seriesInfo: SeriesInfo,
  /** The first volume, for the 'read sample' button (`/viewer?cid={bookId}`). */
  firstBookId: z.number().nullable(),
});
export type SeriesPage = z.infer<typeof SeriesPage>;
