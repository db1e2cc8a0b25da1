/**
 * Request and response schemas of the console's serial, cover and sample calls, and of its top-titles and
 * coin-pack reports (`/api/admin/...`). Times are Asia/Tokyo `YYYY-MM-DDTHH:mm` strings, as in
 * admin-api.ts; coins and minutes are non-negative integers.
 */
import { z } from 'zod';
import { LayoutType, PageType } from '../catalog/catalog';
import { SpendType } from '../serials/serials';
import { tokyoMinuteToInstant } from '../common/time';
import { patchShape } from './admin-edits';
import { episodeRules } from './admin-serials';

const token = z.string({ message: 'is required' }).min(1, 'is required').max(200);
const version = z.number({ message: 'is required' }).int().min(0);
const count = (max: number) =>
  z
    .number({ message: 'must be a non-negative integer' })
    .int('must be a non-negative integer')
    .min(0, 'must be a non-negative integer')
    .max(max, `must be at most ${max}`);
const tokyoTime = z.string({ message: 'must be a date and time' }).transform((value, ctx) => {
  const instant = tokyoMinuteToInstant(value);
  if (instant === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)' });
    return z.NEVER;
  }
  return instant;
});

/** Spend types an operator chooses for an episode: free, the normal ticket (待てば無料), or coins only. */
export const EPISODE_SPEND_TYPES = [SpendType.FREE, SpendType.CHARGE, SpendType.PAYMENT] as const;

/** A year of minutes: the longest normal-ticket refill or rental the console sets (0 = permanent rental). */
const YEAR_MINUTES = 525_600;

const serialFields = {
  chargeMinutes: count(YEAR_MINUTES),
  rentalMinutes: count(YEAR_MINUTES),
  orderOnly: z.boolean({ message: 'must be true or false' }),
  ticketUsable: z.boolean({ message: 'must be true or false' }),
};
/** A serial's settings: the fields sent are changed, the others kept (`admin-edits.ts`). */
export const UpdateSerialBody = z.object({ token, version, ...patchShape(serialFields) });
export type UpdateSerialBody = z.infer<typeof UpdateSerialBody>;
export type SerialFields = z.infer<z.ZodObject<typeof serialFields>>;

/** Shelves a serial can be filed under (its category, §3 categoryIds): every page type but the `all` filter. */
export const SERIAL_CATEGORIES = Object.values(PageType).filter((p) => p !== PageType.ALL) as Exclude<PageType, 'all'>[];
const colour = z.string({ message: 'must be a colour like #ffeecc' }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffeecc');

/**
 * A new serial of an existing title (§3 Serial): its name, description, colours, category, ticket
 * and rental settings, and the end of its distribution (Asia/Tokyo, null for none). Its key visual
 * is drawn from the serial until one is uploaded; its episodes are added afterwards.
 */
export const CreateSerialBody = z.object({
  token,
  titleId: z.number({ message: 'must be a title id' }).int('must be a title id').min(1, 'must be a title id'),
  name: z.string({ message: 'must be text' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: z.string({ message: 'must be text' }).trim().max(2000, 'must be at most 2000 characters').default(''),
  themeColor: colour,
  subColor: colour,
  category: z.enum(SERIAL_CATEGORIES as [string, ...string[]], { message: `must be one of ${SERIAL_CATEGORIES.join(', ')}` }),
  ticketUsable: z.boolean({ message: 'must be true or false' }),
  rewardUsable: z.boolean({ message: 'must be true or false' }),
  chargeMinutes: count(YEAR_MINUTES),
  rentalMinutes: count(YEAR_MINUTES),
  orderOnly: z.boolean({ message: 'must be true or false' }),
  endAt: tokyoTime.nullable().default(null),
});
export type CreateSerialBody = z.infer<typeof CreateSerialBody>;

/** How an episode reads (§3 layoutType): pages turned (0), or one tall strip scrolled, a webtoon (1). */
const EPISODE_LAYOUTS = [LayoutType.FIXED, LayoutType.WEBTOON] as const;
const episodeLayout = z.literal(EPISODE_LAYOUTS, { message: 'must be 0 (pages) or 1 (webtoon)' });
/** The volume of the serial's title that collects the episode (§3 Serial episode bookId), or null. */
const collectedIn = z
  .number({ message: 'must be a book id or null' })
  .int('must be a book id or null')
  .min(1, 'must be a book id or null')
  .nullable();

const episodeFields = {
  title: z.string({ message: 'must be text' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  price: count(100_000),
  spendType: z.literal(EPISODE_SPEND_TYPES, { message: 'must be 0, 1 or 2' }),
  releaseAt: tokyoTime,
  endAt: tokyoTime.nullable().default(null),
  layoutType: episodeLayout,
  bookId: collectedIn.default(null),
};

export type EpisodeFields = z.infer<z.ZodObject<typeof episodeFields>>;

/** A new episode; without `layoutType` it reads as the serial's last episode does (pages for a first one). */
export const CreateEpisodeBody = z
  .object({ token, ...episodeFields, layoutType: episodeLayout.optional(), pageCount: count(500).min(1, 'must be at least 1') })
  .superRefine(episodeRules);
export type CreateEpisodeBody = z.infer<typeof CreateEpisodeBody>;
/** An episode's save: the fields sent are changed, the others kept; its rules are checked on the result (server). */
export const UpdateEpisodeBody = z.object({ token, version, ...patchShape(episodeFields) });
export type UpdateEpisodeBody = z.infer<typeof UpdateEpisodeBody>;

/** The sample of a book: its first `samplePageTotal` pages, or the chosen pages (0-based) when `customSamplePages` is a list. */
const sampleFields = {
  samplePageTotal: count(1000),
  customSamplePages: z
    .array(count(100_000), { message: 'must be a list of page numbers' })
    .max(200, 'must be at most 200 pages')
    .nullable(),
};
/** The fields sent are changed, the others kept: a new first-pages count leaves the chosen pages as they are. */
export const UpdateSampleBody = z.object({ token, version, ...patchShape(sampleFields) });
export type UpdateSampleBody = z.infer<typeof UpdateSampleBody>;

/** Back to the cover the book came with (its import's, or the drawn one): the uploaded cover is dropped. */
export const RevertCoverBody = z.object({ token, version });
export type RevertCoverBody = z.infer<typeof RevertCoverBody>;

/** Query of a cover upload (the image itself is the body). */
export const CoverQuery = z.object({ token, version: z.coerce.number({ message: 'is required' }).int().min(0) });
/** An episode's page upload: the CBZ or ZIP is the body; the token and the version it was chosen against are here. */
export const EpisodePagesQuery = CoverQuery;

const day = z.string({ message: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const range = { from: day, to: day, format: z.enum(['json', 'csv']).default('json') };
export const TopTitlesQuery = z
  .object({
    ...range,
    limit: z.coerce.number({ message: 'must be 1–100' }).int('must be 1–100').min(1, 'must be 1–100').max(100, 'must be 1–100').default(10),
  })
  .refine((q) => q.to >= q.from, { message: 'must not be before from', path: ['to'] });
export const CoinPackSalesQuery = z.object(range).refine((q) => q.to >= q.from, { message: 'must not be before from', path: ['to'] });

/** A serial as the console lists it. */
export const AdminSerialListItem = z.object({ id: z.number(), name: z.string(), titleId: z.number().nullable(), episodeCount: z.number() });
export type AdminSerialListItem = z.infer<typeof AdminSerialListItem>;
export const SerialList = z.object({ serials: z.array(AdminSerialListItem) });
export type SerialList = z.infer<typeof SerialList>;

/** One episode as the console edits it (times in Asia/Tokyo). */
export const AdminEpisode = z.object({
  id: z.number(),
  orderSequence: z.number(),
  title: z.string(),
  price: z.number(),
  /** What the operator chose; the store's spend type follows it (domain `episodeSpendType`). */
  spendType: z.number(),
  releaseAt: z.string(),
  endAt: z.string().nullable(),
  pageCount: z.number(),
  /** 0 pages turned, 1 a webtoon (EPISODE_LAYOUTS). */
  layoutType: z.number(),
  /** The volume that collects the episode (its owners read the episode), or null. */
  bookId: z.number().nullable(),
  /** The console uploaded this episode's pages (else they are drawn demo art). */
  pagesUploaded: z.boolean(),
  /** Bumped by each page upload; the `v` of the episode's page URLs. */
  mediaVersion: z.number(),
  version: z.number(),
});
export type AdminEpisode = z.infer<typeof AdminEpisode>;

export const AdminSerial = z.object({
  id: z.number(),
  name: z.string(),
  titleId: z.number().nullable(),
  description: z.string(),
  themeColor: z.string(),
  subColor: z.string(),
  category: z.string(),
  rewardUsable: z.boolean(),
  /** End of distribution (Asia/Tokyo), null for none. */
  endAt: z.string().nullable(),
  chargeMinutes: z.number(),
  rentalMinutes: z.number(),
  orderOnly: z.boolean(),
  ticketUsable: z.boolean(),
  /** The key visual's address as the store shows it (522 wide), and whether an operator uploaded it (else it is drawn). */
  imageUrl: z.string(),
  imageUploaded: z.boolean(),
  version: z.number(),
  episodes: z.array(AdminEpisode),
  /** The title's volumes, the ones an episode can be collected in (`bookId`). */
  volumes: z.array(z.object({ id: z.number(), vol: z.number(), name: z.string() })),
});
export type AdminSerial = z.infer<typeof AdminSerial>;

/** A serial's key visual: §9's 522×327, or the same shape larger. */
export const SERIAL_IMAGE_SIZE = { width: 522, height: 327 } as const;
/** Query of a serial's key visual upload (the image itself is the body). */
export const SerialImageQuery = CoverQuery;

/** A row of the top titles report: a title's sales in the period, ranked by yen and coins. */
export const TopTitleRow = z.object({
  rank: z.number(),
  titleId: z.number(),
  name: z.string(),
  orders: z.number(),
  books: z.number(),
  yen: z.number(),
  coins: z.number(),
});
export type TopTitleRow = z.infer<typeof TopTitleRow>;
export const TopTitlesReport = z.object({ rows: z.array(TopTitleRow) });
export type TopTitlesReport = z.infer<typeof TopTitlesReport>;

/** Where a manga coin payment came from: a coin pack bought in the shop, or a subscription's monthly payment (its first and each renewal). */
const COIN_SALE_SOURCES = ['pack', 'subscription'] as const;

/** A row of the manga coin sales report: completed payments of one source and payment type (`total` sums them all). */
export const CoinPackSalesRow = z.object({
  source: z.enum([...COIN_SALE_SOURCES, 'total']),
  paymentType: z.string(),
  orders: z.number(),
  yen: z.number(),
  coins: z.number(),
  bonus: z.number(),
});
export type CoinPackSalesRow = z.infer<typeof CoinPackSalesRow>;
export const CoinPackSalesReport = z.object({ rows: z.array(CoinPackSalesRow), total: CoinPackSalesRow });
export type CoinPackSalesReport = z.infer<typeof CoinPackSalesReport>;
