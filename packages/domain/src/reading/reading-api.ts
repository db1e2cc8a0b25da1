/**
 * The reading API (server half): what the viewer asks the server and what it answers.
 * Spec §3 "Book (viewer state)", "Viewer settings", "Reading page record", "Viewer info response";
 * §4 page sync, custom sample, reading progress; §7 `/browser/*`, `/book/sync_page`,
 * `/finish_read/register`. The rules (§9 timers, the 90% read-end threshold, the custom sample)
 * are in `reading.ts`.
 *
 * ENDPOINTS (all under /api; JSON camelCase except the spec's own `book_data`/`pages_data`):
 *  GET  /browser/bookinfo/v2?bookId=…           → ViewerInfo. Guests and members. 404 unknown book;
 *       403 ADULT_CHECK_REQUIRED for an R18 book before the age check (same for every reading call); 400 names `bookId`. Non-owners get every page's
 *       size but image URLs only for sample pages (`accessible`). URLs are signed and expire at
 *       `pages_data.urlExpiresAt`: refetch bookinfo (or custom_sample) before then.
 *  GET  /browser/custom_sample/{book_id}         → ViewerInfo whose pages_data.pages are only the custom
 *       sample's pages, in order (each keeps its book `page` number). Call it instead of v2's pages
 *       when `book_data.useCustomSample` is true. 404 when the book has no custom sample.
 *  GET  /browser/book_text?book_id=…&chapter=…   → BookText (reflow books, layoutType 2; and image books
 *       with text pages, whose chapters are those pages by page number): chapters as
 *       HTML fragments with <ruby>, headings, lists, tables and figures; `chapter` optional (omit: every chapter the requester may read).
 *       A chapter outside the sample for a non-owner → 403 FORBIDDEN. `offline=1` (saving on a
 *       device): the member's own released book only, no sample; without `chapter` the contents only.
 *  GET  /book/sync_page?book_id=…                → ReadingPageRecord | null (member; 401 for guests). Read
 *       only: §7's reading_page/font on this GET are ignored, positions are written by the POST.
 *  POST /book/sync_page  body SyncPageBody       → SyncPageResult. JSON, form or text/plain (JSON text,
 *       what navigator.sendBeacon sends). 409 SYNC_PAGE_CONFLICT when `read_at` is older than the
 *       stored position. Un-owned custom sample → {status:'skipped'} and nothing stored.
 *  GET  /bookmarks/me?book_id=…                  → BookmarkList (member)
 *  POST /bookmarks/me  body BookmarkBody         → BookmarkList (adding twice keeps one)
 *  DELETE /bookmarks/me?book_id=…&page=…         → BookmarkList (removing a missing one is fine)
 *  GET  /viewer_settings/me                      → ViewerSettings (member; defaults when never saved)
 *  PUT  /viewer_settings/me  body ViewerSettingsPatch → ViewerSettings (fields merged into the stored)
 *  POST /finish_read/register  form/JSON book_id[, reading_page] → FinishReadResult. Owned books only
 *       (403 otherwise); the first call registers the read-end, later calls answer firstTime false.
 *  Page images: GET /media/pages/{bookId}/{page}/{width}.{format}?e=…&g=…&s=… — only as the URLs
 *       given in pages_data; an expired or altered URL → 403 FORBIDDEN.
 *  Images inside a text book's chapters: GET /media/figures/{bookId}/{image}/{width}.{format}?e=…&g=…&s=…
 *       — only as the <img> URLs in BookText's chapter HTML; the image's chapter's sample rule applies.
 *
 * LAST PAGE (§2 "Last page, books") — existing catalog endpoints the viewer should call:
 *  - next volume: `ViewerInfo.nextVolume` (also book_data.nextBookId/nextBookTitle/nextBookImage).
 *  - free ranking (無料マンガランキング, up to 12): GET /api/free_book_ranks/by_page_type/{book_data.pageType}
 *    ?limit=12&healthy=true&ac=… → { entities: RankingEntry[] } (catalog rankings.types.ts).
 *  - '<title>を好きな人が読んでいる作品': GET /api/recommend/book_to_book?id={bookId}&limit=12&ac=…
 *    → { totalCount, books: RecommendedBook[] } (catalog recommendations.types.ts).
 *  - back to detail: /series_list/series_id={titleId}?book_id={bookId}.
 *  - my list state: book_data.inMyList (toggle through the notices area's /wish_title calls).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { type PointCampaignType, pointCampaignTypes } from '../campaigns/point-campaigns';

// —— viewer settings (§3) ———————————————————————————————————————————————————

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const DEFAULT_FONT_SIZE: FontSize = 'medium';
export const FONT_TYPES = ['mincho', 'gothic'] as const;
export type FontType = (typeof FONT_TYPES)[number];

// —— request schemas (parameter names of §7) ——————————————————————————————

/** Query, form and JSON bodies alike: digits (a string or a number). */
const id = rowId;
/**
 * §6 adult flag of every reading call, as the catalog's: an R18 book is read only with `ac=1` by
 * a member whose age is confirmed (0 or missing: 404 as titles and books answer).
 */
const ac = z
  .union([z.enum(['0', '1']), z.literal(0), z.literal(1)], { message: 'must be 0 or 1' })
  .optional()
  .transform((v) => (v === '1' || v === 1 ? 1 : 0));
const pageNumber = z.coerce
  .string()
  .regex(/^(0|[1-9]\d{0,5})$/, 'must be an integer from 0')
  .transform(Number);
const fontSize = z.enum(FONT_SIZES, { message: 'must be small, medium or large' });

/** GET /browser/bookinfo/v2 (§7: bookId, tracking params, put_log — tracking is accepted and ignored). */
export const BookInfoV2Query = z.object({
  bookId: id,
  blogGenreId: z.string().max(50).optional(),
  themeId: z.string().max(50).optional(),
  tagIds: z.string().max(200).optional(),
  algorithmId: z.string().max(50).optional(),
  did: z.string().max(100).optional(),
  put_log: z.string().max(10).optional(),
  ac,
});
/**
 * `GET /browser/bookinfo/v1.1`: the viewer info of book `cid`. `booktype`, `free` and `bought`
 * are required (§5) but only the client's view: what the requester may read is decided here.
 */
const zeroOne = z.coerce.number({ message: 'must be 0 or 1' }).int().min(0).max(1);
export const BookInfoV11Query = z.object({
  cid: id,
  booktype: z.coerce.number({ message: 'must be 0' }).int().min(0).max(0),
  free: zeroOne,
  bought: zeroOne,
  amebaStamp: z.string().max(50).optional(),
  blogGenreId: z.string().max(50).optional(),
  themeId: z.string().max(50).optional(),
  tagIds: z.string().max(200).optional(),
  algorithmId: z.string().max(50).optional(),
  did: z.string().max(100).optional(),
  lastUrl: z.string().max(2000).optional(),
  source_module: z.string().max(100).optional(),
  ac,
});
/** `GET /browser/sokuyomi_image`: the first page of `book_id` to show at once while the viewer loads. */
export const SokuyomiImageQuery = z.object({ book_id: id, ac });
export const CustomSamplePath = z.object({ book_id: id });
export const CustomSampleQuery = z.object({ put_log: z.string().max(10).optional(), ac });

/**
 * `offline=1`: the text is being saved on a device (the shelf's ダウンロード). Only the member's own
 * released book answers (guests 401, anyone else 403 FORBIDDEN, sample chapters included); without
 * `chapter` it answers the contents only (every chapter with `html: null`), each chapter then
 * fetched on its own, so every part saved is checked against the entitlement at that moment.
 */
export const BookTextQuery = z.object({ book_id: id, chapter: pageNumber.optional(), offline: zeroOne.optional(), ac });

/** POST /book/sync_page. `read_at`: client epoch ms when the reader was on that page (default: now). */
export const SyncPageBody = z.object({
  book_id: id,
  reading_page: pageNumber,
  /** Reflow books: the font size the page number belongs to (§5: one of three sizes). */
  font: fontSize.optional(),
  read_at: z.coerce.number({ message: 'must be epoch milliseconds' }).int().min(0).optional(),
  /** A random id the viewer keeps per device (localStorage); lets one device move backwards. */
  device_id: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be 1–64 letters, digits, - or _')
    .optional(),
  ac,
});
export type SyncPageBody = z.output<typeof SyncPageBody>;
/**
 * GET /book/sync_page (§7 book_id, reading_page, font): with `reading_page` it saves the page as
 * the POST does (the same rules, `font` for reflow books) and answers the record kept; without
 * it, it only reads the record.
 */
export const SyncPageQuery = SyncPageBody.extend({ reading_page: pageNumber.optional() });

export const BookmarksQuery = z.object({ book_id: id, ac });
export const BookmarkBody = z.object({ book_id: id, page: pageNumber, ac });
export const BookmarkDeleteQuery = z.object({ book_id: id, page: pageNumber, ac });

export const FinishReadBody = z.object({ book_id: id, reading_page: pageNumber.optional(), ac });

/** `POST /reading/past_last_page`: the member moved past the last page of `book_id` (§4 reading progress). */
export const PastLastPageBody = z.object({ book_id: id, ac });

// —— viewer settings (§3 Viewer settings; persisted per member, per device for guests) ——

export const ViewerSettings = z.object({
  /** ヨコ読み (paged) or タテ読み (vertical scrolling). */
  direction: z.enum(['horizontal', 'vertical']),
  fontSize,
  fontType: z.enum(FONT_TYPES, { message: 'must be mincho or gothic' }),
  /** Two-page spreads on wide screens. */
  spread: z.boolean(),
  /** Shift spreads by one page (fixes off-by-one spreads). */
  spreadShift: z.boolean(),
  tapNavigation: z.boolean(),
  transitionAnimation: z.boolean(),
  /** 'Return to the start after finishing' (§5: logged-in books only). */
  lastPageReset: z.boolean(),
  /** Text books: the book's own writing mode, or 縦書き / 横書き whatever the book says. */
  writingMode: z.enum(['book', 'vertical', 'horizontal'], { message: 'must be book, vertical or horizontal' }),
});
export type ViewerSettings = z.infer<typeof ViewerSettings>;
export const ViewerSettingsPatch = ViewerSettings.partial().strict();
export type ViewerSettingsPatch = z.infer<typeof ViewerSettingsPatch>;

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = {
  direction: 'horizontal',
  fontSize: DEFAULT_FONT_SIZE,
  fontType: 'mincho',
  spread: true,
  spreadShift: false,
  tapNavigation: true,
  transitionAnimation: true,
  lastPageReset: false,
  writingMode: 'book',
};

// —— responses ——————————————————————————————————————————————————————————————

const PageImage = z.object({ width: z.number().int(), webp: z.string(), jpg: z.string() });
type PageImage = z.infer<typeof PageImage>;

export const ViewerPage = z.object({
  /** 0-based page number in the book's reading order. */
  page: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** A double-page spread (wider than tall): stands alone in spread mode. */
  wide: z.boolean(),
  /**
   * The page's side in a spread as its file says (EPUB page-spread-*), `alone` when the file
   * shows it in no spread (`rendition:spread none`), null when it does not say.
   */
  side: z.enum(['left', 'right', 'center', 'alone']).nullable(),
  /**
   * A text page of an image book (a colophon 奥付, an about page): no image; its text is the
   * book_text chapter of the same number, sample-limited like the page, laid out in the page's slot.
   */
  text: z.boolean(),
  /** Part of the sample anyone may read. */
  sample: z.boolean(),
  /** The requester may see this page now; `images` is empty when not. */
  accessible: z.boolean(),
  /** Signed URLs, smallest width first. */
  images: z.array(PageImage),
});
export type ViewerPage = z.infer<typeof ViewerPage>;

export const PagesData = z.object({
  /** Image pages of the book (0 for reflow books; their pages come from the text layout). */
  totalPage: z.number().int(),
  pages: z.array(ViewerPage),
  /** Epoch ms after which the signed URLs are refused (null when there are none). */
  urlExpiresAt: z.number().nullable(),
});
export type PagesData = z.infer<typeof PagesData>;

/** `GET /browser/sokuyomi_image`. */
export const SokuyomiImage = z.object({
  bookId: z.number().int(),
  totalPage: z.number().int(),
  /** The first page as this requester may see it (no images when it is not readable by them). */
  page: ViewerPage,
  urlExpiresAt: z.number().nullable(),
});
export type SokuyomiImage = z.infer<typeof SokuyomiImage>;

export const VolumeRef = z.object({
  bookId: z.number().int(),
  title: z.string(),
  vol: z.number().int(),
  imageUrl: z.string(),
  price: z.number().int(),
  free: z.boolean(),
  bought: z.boolean(),
  startDatetime: z.number(),
});
export type VolumeRef = z.infer<typeof VolumeRef>;

export const ReadingPageRecord = z.object({
  page: z.number().int(),
  font: fontSize.nullable(),
  /** When the reader was on that page (epoch ms). */
  readAt: z.number(),
});
export type ReadingPageRecord = z.infer<typeof ReadingPageRecord>;

export const PossessionStatus = z.enum(['OWNED', 'RESERVED', 'NONE']);
export type PossessionStatus = z.infer<typeof PossessionStatus>;

/** §3 Book (viewer state), as far as the server knows it. */
export const ViewerBook = z.object({
  id: z.number().int(),
  vol: z.number().int(),
  /** The volume's name (contentsName). */
  title: z.string(),
  titleId: z.number().int(),
  titleName: z.string(),
  price: z.number().int(),
  beforePrice: z.number().int().nullable(),
  endDatetime: z.number().nullable(),
  bought: z.boolean(),
  possessionStatus: PossessionStatus,
  salable: z.boolean(),
  /** Where to open (page); 0 unless a reading position is stored. */
  startupPage: z.number().int(),
  rating: z.number(),
  imageUrl: z.string(),
  totalPage: z.number().int(),
  samplePageTotal: z.number().int(),
  customSamplePages: z.array(z.number().int()).nullable(),
  hasSample: z.boolean(),
  hasCustomSample: z.boolean(),
  /** §4: not free, not owned, has a custom sample → read /browser/custom_sample and skip page sync. */
  useCustomSample: z.boolean(),
  /** The requester may read every page (owned, or free now). */
  fullAccess: z.boolean(),
  nextBookId: z.number().int().nullable(),
  nextBookImage: z.string().nullable(),
  nextBookTitle: z.string().nullable(),
  isNextBookBought: z.boolean(),
  isNextBookFree: z.boolean(),
  /** No released volume after this one (a pre-order may follow). */
  isLatestVol: z.boolean(),
  isConcluded: z.boolean(),
  /** A later volume of the title can be pre-ordered (IN_RESERVATION). */
  hasReservableBook: z.boolean(),
  /** The first such volume (the bought page's pre-order link, §2); null without one. */
  reservableBookId: z.number().int().nullable().optional(),
  /** The member holds such a pre-order (possessionStatus RESERVED). */
  reserved: z.boolean(),
  free: z.boolean(),
  reviewed: z.boolean(),
  inMyList: z.boolean(),
  navigations: z.array(z.object({ page: z.number().int(), text: z.string() })),
  links: z.array(z.object({ text: z.string(), url: z.string() })),
  /** §3 Point campaign of buying this book now (member lines only for a member); null when none applies. */
  pointCampaign: z
    .object({
      totalPoint: z.number().int(),
      list: z.array(
        z.object({
          id: z.number().int(),
          type: z.enum(pointCampaignTypes as [PointCampaignType, ...PointCampaignType[]]),
          name: z.string(),
          point: z.number().int(),
          rate: z.number(),
          start: z.number().nullable(),
          end: z.number().nullable(),
          expireDays: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /** Resolved reading direction: genre ids 11–17 force ltr (§9), else the book's own (default rtl). */
  direction: z.enum(['rtl', 'ltr']),
  genreId: z.number().int().nullable(),
  /** True when the genre forced horizontal (ltr) reading. */
  forcedHorizontal: z.boolean(),
  /** Reflow books: 'vertical' (縦書き) or 'horizontal'; image books: their text pages'; null without text. */
  writingMode: z.enum(['vertical', 'horizontal']).nullable(),
  /** Page numbers bookmarked by the member (empty for guests). */
  bookmarks: z.array(z.number().int()),
  /** The member has registered the read-end of this book before (§4 reached-last-page). */
  reachedLastPage: z.boolean(),
  imagedReflow: z.boolean(),
  eroticType: z.number().int(),
  pageType: z.string(),
  startDatetime: z.number(),
  authors: z.array(z.object({ authorId: z.number(), name: z.string(), kana: z.string(), type: z.string() })),
});
export type ViewerBook = z.infer<typeof ViewerBook>;

/** §3 Viewer info response (GET /browser/bookinfo/v2 and /browser/custom_sample/{book_id}). */
export const ViewerInfo = z.object({
  book_data: ViewerBook,
  pages_data: PagesData,
  /** §9 page layouts: 0 fixed, 1 webtoon, 2 reflow. */
  layoutType: z.number().int(),
  /** The member's synced position, null for guests or never synced. */
  readingPage: ReadingPageRecord.nullable(),
  nextVolume: VolumeRef.nullable(),
  previousVolume: VolumeRef.nullable(),
});
export type ViewerInfo = z.infer<typeof ViewerInfo>;

/** GET /browser/book_text: chapters as HTML fragments (<p>, <ruby>…<rt>…</rt></ruby>), escaped. */
export const BookText = z.object({
  bookId: z.number().int(),
  writingMode: z.enum(['vertical', 'horizontal']),
  /** Every chapter of the book; `html` is null for chapters the requester may not read. */
  chapters: z.array(
    z.object({
      chapterNo: z.number().int(),
      title: z.string(),
      charCount: z.number().int(),
      sample: z.boolean(),
      html: z.string().nullable(),
    }),
  ),
});
export type BookText = z.infer<typeof BookText>;

export const SyncPageResult = z.object({
  /** accepted: stored; behind: another device's recent, further position was kept; skipped: §4 custom sample. */
  status: z.enum(['accepted', 'behind', 'skipped']),
  /** The position now stored (null when skipped and none stored). */
  readingPage: ReadingPageRecord.nullable(),
});
export type SyncPageResult = z.infer<typeof SyncPageResult>;

export const BookmarkList = z.object({
  bookId: z.number().int(),
  bookmarks: z.array(z.object({ page: z.number().int(), createdAt: z.number() })),
});
export type BookmarkList = z.infer<typeof BookmarkList>;

export const FinishReadResult = z.object({
  bookId: z.number().int(),
  /** True only for the call that registered the read-end. */
  firstTime: z.boolean(),
  reachedLastPage: z.literal(true),
});
export type FinishReadResult = z.infer<typeof FinishReadResult>;

/** `POST /reading/past_last_page`. */
export const PastLastPageResult = z.object({
  bookId: z.number().int(),
  titleId: z.number().int(),
  latestVolume: z.boolean(),
  owned: z.boolean(),
  /** This call switched the title's newly notice on. */
  enabled: z.boolean(),
});
export type PastLastPageResult = z.infer<typeof PastLastPageResult>;

/** `GET /book/sync_page`: the member's stored position, null when none. */
export const StoredReadingPage = ReadingPageRecord.nullable();
