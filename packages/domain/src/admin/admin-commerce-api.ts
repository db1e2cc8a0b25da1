/**
 * Request and response schemas of the console's commerce editors (`/api/admin/point_campaigns`, `/bundles`,
 * `/coin_packs`): the point campaigns the cart's point breakdown reads (§3, bulk-buy included),
 * the cart's bundles, and the coin shop's packs per payment type. Times are Asia/Tokyo
 * `YYYY-MM-DDTHH:mm` strings as in `admin-api.ts`; amounts are non-negative integers.
 */
import { z } from 'zod';
import type { PointCampaignType } from '../campaigns/point-campaigns';
import { pointCampaignTypes } from '../campaigns/point-campaigns';
import { CoinHighlight, DisplayScene } from '../wallet/wallet-api';
import { coinShopPaymentMethods } from '../wallet/wallet-payments';
import { count, refId, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkBanner, checkBundle, checkPointCampaign } from './admin-commerce';

const yen = count(10_000_000);
const positive = (max: number) =>
  z
    .number({ message: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .max(max, 'is too large');

const pointCampaignFields = {
  type: z.enum(pointCampaignTypes as [PointCampaignType, ...PointCampaignType[]], {
    message: `must be one of ${pointCampaignTypes.join(', ')}`,
  }),
  name: text(100).trim().min(1, 'is required'),
  /** Percent of the price paid; 0 when the campaign gives fixed points. */
  rate: count(100),
  /** Fixed points per book when rate is 0. */
  point: count(100_000).default(0),
  start: tokyoTime.nullable().default(null),
  end: tokyoTime.nullable().default(null),
  expireDays: z.number({ message: 'must be 1–3650' }).int('must be 1–3650').min(1, 'must be 1–3650').max(3650, 'must be 1–3650'),
  bookId: refId.nullable().default(null),
  titleId: refId.nullable().default(null),
  /** bulkBuy: books of one title in one order needed (at least 2). */
  minBooks: count(1000).default(0),
  /** specificGenres: the genres whose books earn it. */
  genreIds: z.array(refId, { message: 'must be a list of genre ids' }).max(50, 'must be at most 50 genres').default([]),
  /** publish: the publisher whose books earn it. */
  publisherId: refId.nullable().default(null),
};
export type PointCampaignFields = z.infer<z.ZodObject<typeof pointCampaignFields>>;

export const CreatePointCampaignBody = z.object({ token, ...pointCampaignFields }).superRefine(checkPointCampaign);
export type CreatePointCampaignBody = z.infer<typeof CreatePointCampaignBody>;
/** A campaign's save: the fields sent are changed, the others kept; the rules are checked on the result (server). */
export const UpdatePointCampaignBody = z.object({ token, version, ...patchShape(pointCampaignFields) });
export type UpdatePointCampaignBody = z.infer<typeof UpdatePointCampaignBody>;

/** Ends a campaign or a bundle now (it stays listed, with its history). */
export const EndBody = z.object({ token, version });

const bundleFields = {
  name: text(200).trim().min(1, 'is required'),
  /** The bundle's price in coins (tax included), below the books' list prices together. */
  price: yen,
  bookIds: z
    .array(refId, { message: 'must be a list of book ids' })
    .min(2, 'must hold at least 2 books')
    .max(100, 'must hold at most 100 books'),
  start: tokyoTime,
  end: tokyoTime.nullable().default(null),
};
export type BundleFields = z.infer<z.ZodObject<typeof bundleFields>>;

export const CreateBundleBody = z.object({ token, ...bundleFields }).superRefine(checkBundle);
export type CreateBundleBody = z.infer<typeof CreateBundleBody>;
export const UpdateBundleBody = z.object({ token, version, ...patchShape(bundleFields) });
export type UpdateBundleBody = z.infer<typeof UpdateBundleBody>;

const coinPackFields = {
  /** Yen, tax included. */
  price: positive(10_000_000),
  coin: positive(1_000_000),
  bonus: count(1_000_000).default(0),
  bonusPoint: count(1_000_000).default(0),
  /** Purchases per member; null for no limit. */
  limit: z
    .number({ message: 'must be at least 1' })
    .int('must be at least 1')
    .min(1, 'must be at least 1')
    .max(1000, 'is too large')
    .nullable()
    .default(null),
  highlight: z
    .enum(Object.values(CoinHighlight) as [CoinHighlight, ...CoinHighlight[]], {
      message: 'must be none, popular or bargain',
    })
    .default('none'),
  displayScene: z
    .enum(Object.values(DisplayScene) as [DisplayScene, ...DisplayScene[]], {
      message: 'must be shop, viewer or cart',
    })
    .default('shop'),
  paymentMethods: z
    .array(
      z.enum(coinShopPaymentMethods as [string, ...string[]], {
        message: 'must be a payment type',
      }),
      { message: 'must be a list of payment types' },
    )
    .min(1, 'must name at least one payment type')
    .refine((m) => new Set(m).size === m.length, 'must not repeat a payment type'),
  sortOrder: count(10_000).default(0),
};

export const CreateCoinPackBody = z.object({ token, ...coinPackFields });
export type CreateCoinPackBody = z.infer<typeof CreateCoinPackBody>;
export type CoinPackFields = z.infer<z.ZodObject<typeof coinPackFields>>;
export const UpdateCoinPackBody = z.object({ token, version, ...patchShape(coinPackFields) });
export type UpdateCoinPackBody = z.infer<typeof UpdateCoinPackBody>;
/** Shows a hidden pack again or hides one (a pack orders refer to is never deleted). */
export const CoinPackActiveBody = z.object({
  token,
  version,
  active: z.boolean({ message: 'must be true or false' }),
});

const pointCampaignType = z.enum(pointCampaignTypes as [PointCampaignType, ...PointCampaignType[]]);

export const AdminPointCampaignView = z.object({
  id: z.number(),
  type: pointCampaignType,
  name: z.string(),
  rate: z.number(),
  point: z.number(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  expireDays: z.number(),
  bookId: z.number().nullable(),
  titleId: z.number().nullable(),
  minBooks: z.number(),
  genreIds: z.array(z.number()),
  publisherId: z.number().nullable(),
  /** Running now; ended (its end has passed: nothing left to end). */
  active: z.boolean(),
  ended: z.boolean(),
  version: z.number(),
});
export type AdminPointCampaignView = z.infer<typeof AdminPointCampaignView>;
export const PointCampaignList = z.object({ campaigns: z.array(AdminPointCampaignView) });
export type PointCampaignList = z.infer<typeof PointCampaignList>;

export const AdminBundleView = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  /** The books' list prices together, and the discount the bundle price gives (percent, rounded down). */
  listPrice: z.number(),
  discountRate: z.number(),
  books: z.array(z.object({ id: z.number(), titleId: z.number(), vol: z.number(), contentsName: z.string(), price: z.number() })),
  start: z.string(),
  end: z.string().nullable(),
  onSale: z.boolean(),
  ended: z.boolean(),
  version: z.number(),
});
export type AdminBundleView = z.infer<typeof AdminBundleView>;
export const BundleList = z.object({ bundles: z.array(AdminBundleView) });
export type BundleList = z.infer<typeof BundleList>;

export const AdminCoinPackView = z.object({
  id: z.number(),
  price: z.number(),
  coin: z.number(),
  bonus: z.number(),
  bonusPoint: z.number(),
  limit: z.number().nullable(),
  highlight: z.enum(Object.values(CoinHighlight) as [CoinHighlight, ...CoinHighlight[]]),
  displayScene: z.enum(Object.values(DisplayScene) as [DisplayScene, ...DisplayScene[]]),
  paymentMethods: z.array(z.string()),
  sortOrder: z.number(),
  active: z.boolean(),
  /** Completed purchases of the pack. */
  sold: z.number(),
  version: z.number(),
});
export type AdminCoinPackView = z.infer<typeof AdminCoinPackView>;
export const CoinPackList = z.object({ packs: z.array(AdminCoinPackView) });
export type CoinPackList = z.infer<typeof CoinPackList>;

/**
 * The places the store shows reach banners, each asked for by a page as the banner calls'
 * `location` (§7 `GET /reach_banner/get_banners/v3?location=`): today the top page's banner row
 * (`features/invitations/components/top-banners.tsx` asks for `top`) and no other page. A page
 * that shows banners adds its place here, and the console offers it.
 */
export const BANNER_LOCATIONS = ['top'] as const;
export type BannerLocation = (typeof BANNER_LOCATIONS)[number];
/** A site path (`/...`, not `//`) or an https address: never a script or another scheme. */
const link = (what: string) =>
  z
    .string({ message: `must be ${what}` })
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v), `must be ${what} (/path or https://...)`);

const bannerFields = {
  /** The 480×90 image (§7 banner 480x90), uploaded first (`POST /admin/banner_images`). */
  imageId: refId,
  jumpUrl: link('a link'),
  colorCode: z
    .string({ message: 'must be a colour like #ffeecc' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffeecc')
    .default('#ffffff'),
  location: z.enum(BANNER_LOCATIONS, { message: `must be ${BANNER_LOCATIONS.join(' or ')}` }).default('top'),
  /** Higher shows first; equal priorities show the newest first. */
  priority: count(10_000).default(0),
  start: tokyoTime,
  end: tokyoTime,
};
export type BannerFields = z.infer<z.ZodObject<typeof bannerFields>>;

export const CreateBannerBody = z.object({ token, ...bannerFields }).superRefine(checkBanner);
export type CreateBannerBody = z.infer<typeof CreateBannerBody>;
export const UpdateBannerBody = z.object({ token, version, ...patchShape(bannerFields) });
export type UpdateBannerBody = z.infer<typeof UpdateBannerBody>;

/** Query of a banner image upload (the image itself is the body). */
export const BannerImageQuery = z.object({ token });

/** An uploaded banner image: its id (what a banner names) and where the store serves it. */
export const BannerImage = z.object({ imageId: z.number(), imageUrl: z.string(), width: z.number(), height: z.number() });
export type BannerImage = z.infer<typeof BannerImage>;

export const AdminBannerView = z.object({
  id: z.number(),
  /** The uploaded image; null for a banner whose image address was typed before uploads. */
  imageId: z.number().nullable(),
  imageUrl: z.string(),
  jumpUrl: z.string(),
  colorCode: z.string(),
  location: z.string(),
  priority: z.number(),
  start: z.string(),
  end: z.string(),
  /** In its period now (the store shows it); ended (its end has passed: nothing left to end). */
  showing: z.boolean(),
  ended: z.boolean(),
  version: z.number(),
});
export type AdminBannerView = z.infer<typeof AdminBannerView>;
export const BannerList = z.object({ banners: z.array(AdminBannerView) });
export type BannerList = z.infer<typeof BannerList>;
