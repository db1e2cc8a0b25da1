/**
 * Request and response schemas of the console's lottery campaign editor
 * (`/api/admin/lottery_campaigns`): a campaign's period, colour and ticket validity, its boxes
 * with their prizes (§3 Lottery: kind, rank, odds in per-mille, stock), and its ticket rules
 * (the distribution events the store's grants read). Times are Asia/Tokyo `YYYY-MM-DDTHH:mm`
 * strings as in `admin-api.ts`.
 */
import { z } from 'zod';
import { type DistributionEventType, PrizeKind } from '../campaigns/lottery';
import { count, refId, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkLotteryCampaign, ODDS_TOTAL } from './admin-lottery';

export const PRIZE_KINDS = Object.values(PrizeKind) as [PrizeKind, ...PrizeKind[]];

/**
 * The ticket rules the console sets, each the distribution event it writes and the name the store's
 * lottery page shows for it (a read-end and a share are given once a Tokyo day, §9). 0 tickets: no such event.
 */
export const TICKET_RULES = {
  perOrder: { event: 'PURCHASE', name: '作品を購入する' },
  readEndFree: { event: 'READ_END_FREE', name: '無料作品を最後まで読む（1日1回）' },
  readEndPriced: { event: 'READ_END_PRICED', name: '購入した作品を最後まで読む（1日1回）' },
  share: { event: 'SHARE', name: 'キャンペーンをシェアする（1日1回）' },
} as const satisfies Record<string, { event: DistributionEventType; name: string }>;
type TicketRule = keyof typeof TICKET_RULES;
export const TICKET_RULE_KEYS = Object.keys(TICKET_RULES) as TicketRule[];

/** Which campaigns the list shows: running now, starting later, or ended. */
export const LOTTERY_STATES = ['running', 'scheduled', 'ended'] as const;
export type LotteryState = (typeof LOTTERY_STATES)[number];

const prize = z.object({
  /** A saved prize's id (it keeps what was drawn of it); absent for a new prize. */
  id: refId.optional(),
  rank: count(99).min(1, 'must be 1–99'),
  name: text(100).trim().min(1, 'is required'),
  kind: z.enum(PRIZE_KINDS, { message: `must be one of ${PRIZE_KINDS.join(', ')}` }),
  /** Manga coins or points given; 0 for a book or a coupon. */
  amount: count(1_000_000).default(0),
  bookId: refId.nullable().default(null),
  couponId: refId.nullable().default(null),
  /** Per-mille of the box's draws. */
  odds: count(ODDS_TOTAL),
  /** Prizes in all (drawn ones included); null for unlimited. */
  stock: count(1_000_000).nullable().default(null),
});
export type LotteryPrizeInput = z.infer<typeof prize>;

const box = z.object({
  /** A saved box's id; absent for a new box. */
  id: refId.optional(),
  name: text(100).trim().min(1, 'is required'),
  sortOrder: count(1000).default(0),
  prizes: z
    .array(prize, { message: 'must be a list of prizes' })
    .min(1, 'must hold at least one prize')
    .max(50, 'must hold at most 50 prizes'),
});
export type LotteryBoxInput = z.infer<typeof box>;

const ticketRules = z.object({
  perOrder: count(10).default(1),
  readEndFree: count(10).default(0),
  readEndPriced: count(10).default(0),
  share: count(10).default(0),
});
export type TicketRules = z.infer<typeof ticketRules>;

const lotteryCampaignFields = {
  name: text(100).trim().min(1, 'is required'),
  description: text(1000).default(''),
  /** The colour of its page and of its share (OGP) image. */
  colorCode: z
    .string({ message: 'must be a colour like #ffeecc' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffeecc')
    .default('#f5a623'),
  start: tokyoTime,
  end: tokyoTime,
  /** A ticket lasts this many days (never past the campaign's end). */
  ticketValidDays: count(365).min(1, 'must be 1–365').default(14),
  /** The boxes as they will be: a saved box or prize left out is removed (refused once drawn). */
  boxes: z.array(box, { message: 'must be a list of boxes' }).min(1, 'must hold at least one box').max(10, 'must hold at most 10 boxes'),
  ticketRules: ticketRules.default({ perOrder: 1, readEndFree: 0, readEndPriced: 0, share: 0 }),
};
export type LotteryCampaignFields = z.infer<z.ZodObject<typeof lotteryCampaignFields>>;

export const CreateLotteryCampaignBody = z.object({ token, ...lotteryCampaignFields }).superRefine(checkLotteryCampaign);
export type CreateLotteryCampaignBody = z.infer<typeof CreateLotteryCampaignBody>;
/** A campaign's save: the fields sent are changed, the others kept; the rules are checked on the result (server). */
export const UpdateLotteryCampaignBody = z.object({ token, version, ...patchShape(lotteryCampaignFields) });
export type UpdateLotteryCampaignBody = z.infer<typeof UpdateLotteryCampaignBody>;

export const LotteryCampaignListQuery = z.object({
  state: z.enum(LOTTERY_STATES, { message: `must be ${LOTTERY_STATES.join(', ')}` }).optional(),
});

const AdminLotteryPrize = z.object({
  id: z.number(),
  rank: z.number(),
  name: z.string(),
  kind: z.enum(PRIZE_KINDS),
  amount: z.number(),
  bookId: z.number().nullable(),
  couponId: z.number().nullable(),
  odds: z.number(),
  stock: z.number().nullable(),
  /** Prizes of this kind members have drawn: the stock never goes below it. */
  drawn: z.number(),
});
type AdminLotteryPrize = z.infer<typeof AdminLotteryPrize>;

export const AdminLotteryCampaignView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  colorCode: z.string(),
  /** The campaign's share (OGP) image, drawn in its colour: what its page and shares show. */
  imageUrl: z.string(),
  start: z.string(),
  end: z.string(),
  ticketValidDays: z.number(),
  boxes: z.array(z.object({ id: z.number(), name: z.string(), sortOrder: z.number(), prizes: z.array(AdminLotteryPrize) })),
  ticketRules: z.object({ perOrder: z.number(), readEndFree: z.number(), readEndPriced: z.number(), share: z.number() }),
  state: z.enum(LOTTERY_STATES),
  version: z.number(),
});
export type AdminLotteryCampaignView = z.infer<typeof AdminLotteryCampaignView>;
export const LotteryCampaignList = z.object({ campaigns: z.array(AdminLotteryCampaignView) });
export type LotteryCampaignList = z.infer<typeof LotteryCampaignList>;
