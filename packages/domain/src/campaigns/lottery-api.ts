/**
 * Request and response schemas of the §7 lottery calls. Query and form names
 * as §7 writes them; JSON fields camelCase as §3.
 */
import { z } from 'zod';
import { OkStatus } from '../common/responses';
import { DistributionEventType, PrizeKind } from './lottery';

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);
const page = {
  offset: z.coerce.number({ message: 'must be a number' }).int().min(0).max(100_000).default(0),
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100).default(20),
};

export const CampaignQuery = z.object({ lottery_campaign_id: id('must be a campaign id').optional() });
export const ReadEndQuery = z.object({ book_id: id('must be a book id') });
export const UrlQuery = z.object({ link_id: z.string({ message: 'is required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a link id') });
export const OrderQuery = z.object({ order_id: id('must be an order id') });
export const PrizesQuery = z.object({ ticket_id: id('must be a ticket id').optional(), ...page });
export const TicketsQuery = z.object({
  lottery_campaign_id: id('must be a campaign id').optional(),
  used_flg: z.coerce.number({ message: 'must be 0 or 1' }).int().min(0).max(1).optional(),
  ...page,
});
export const OgpQuery = z.object({
  lottery_campaign_id: id('must be a campaign id').optional(),
  rank: z.coerce.number({ message: 'must be a number' }).int().min(0).max(99).optional(),
  coin: z.coerce.number({ message: 'must be a number' }).int().min(0).max(9_999_999).optional(),
  book_id: id('must be a book id').optional(),
  prize_id: id('must be a prize id').optional(),
});
export const ConsumeQuery = z.object({ token: z.string().max(200).optional() });
export const ConsumeBody = z.object({
  token: z.string().max(200).optional(),
  ticketId: id('must be a ticket id'),
  titleId: z.coerce.number({ message: 'must be a number' }).int().min(0).max(2_147_483_647).optional(),
  /** The box the member chose on the page (a campaign may have several); its first box when absent. */
  boxId: id('must be a box id').optional(),
  reCaptchaToken: z.string({ message: 'is required' }).min(1, 'is required').max(4000),
});
export type ConsumeBody = z.infer<typeof ConsumeBody>;

const eventType = z.enum(Object.values(DistributionEventType) as [DistributionEventType, ...DistributionEventType[]]);

export const LotteryPrize = z.object({
  prizeId: z.number(),
  boxId: z.number(),
  rank: z.number(),
  name: z.string(),
  kind: z.enum(Object.values(PrizeKind) as [PrizeKind, ...PrizeKind[]]),
  /** Coins or points given; 0 for a book or a coupon. */
  amount: z.number(),
  bookId: z.number().nullable(),
  couponId: z.number().nullable(),
  /** Chance of drawing it now, 0..1 (stock left counted). */
  odds: z.number(),
  stock: z.number().nullable(),
  remaining: z.number().nullable(),
  imageUrl: z.string(),
});
export type LotteryPrize = z.infer<typeof LotteryPrize>;

export const LotteryBox = z.object({ boxId: z.number(), name: z.string(), prizes: z.array(LotteryPrize) });
export type LotteryBox = z.infer<typeof LotteryBox>;

export const DistributionEvent = z.object({ eventId: z.number(), eventType, name: z.string(), tickets: z.number() });
export type DistributionEvent = z.infer<typeof DistributionEvent>;

export const LotteryCampaign = z.object({
  lotteryCampaignId: z.number(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  colorCode: z.string(),
  startDatetime: z.number(),
  endDatetime: z.number(),
  ticketValidDays: z.number(),
  boxes: z.array(LotteryBox),
  distributionEvents: z.array(DistributionEvent),
});
export type LotteryCampaign = z.infer<typeof LotteryCampaign>;

export const LotteryTicket = z.object({
  ticketId: z.number(),
  lotteryCampaignId: z.number(),
  eventType,
  usedFlg: z.union([z.literal(0), z.literal(1)]),
  issueDatetime: z.number(),
  expireDatetime: z.number(),
});
export type LotteryTicket = z.infer<typeof LotteryTicket>;

export const LotteryTicketsResponse = z.object({ totalCount: z.number(), tickets: z.array(LotteryTicket) });
export type LotteryTicketsResponse = z.infer<typeof LotteryTicketsResponse>;

/** §3 ticket grant state: the campaign, GRANTED, and no error (errors are §8 error bodies). */
export const TicketGrantState = z.object({
  lotteryCampaignId: z.number(),
  status: z.literal('GRANTED'),
  error: z.null(),
  ticketIds: z.array(z.number()),
});
export type TicketGrantState = z.infer<typeof TicketGrantState>;

export const WonPrize = z.object({
  drawId: z.number(),
  ticketId: z.number(),
  lotteryCampaignId: z.number(),
  prize: LotteryPrize,
  drawDatetime: z.number(),
  /** Where to share it: the OGP image of the prize. */
  ogpImageUrl: z.string(),
});
export type WonPrize = z.infer<typeof WonPrize>;

export const PrizesResponse = z.object({ totalCount: z.number(), prizes: z.array(WonPrize) });
export type PrizesResponse = z.infer<typeof PrizesResponse>;

export const DistributionEventsResponse = z.object({
  events: z.array(DistributionEvent.extend({ lotteryCampaignId: z.number(), grantedToday: z.boolean() })),
});
export type DistributionEventsResponse = z.infer<typeof DistributionEventsResponse>;

export const CampaignsResponse = z.object({ campaigns: z.array(LotteryCampaign) });
export type CampaignsResponse = z.infer<typeof CampaignsResponse>;

export const BoxesResponse = z.object({ boxes: z.array(LotteryBox) });
export type BoxesResponse = z.infer<typeof BoxesResponse>;

/** `/lottery/campaigns/order`: the tickets an order earned. */
export const OrderTicketsResponse = z.object({
  userLotteryTickets: z.array(z.object({ lotteryCampaignId: z.number(), ticketId: z.number() })),
});
export type OrderTicketsResponse = z.infer<typeof OrderTicketsResponse>;

/** The §7 envelope of the lottery calls: `{ status: { code: 0 }, results }`. */
const okResults = <T extends z.ZodType>(results: T) => z.object({ status: OkStatus, results });

export const CampaignAnswer = okResults(LotteryCampaign);
export type CampaignAnswer = z.infer<typeof CampaignAnswer>;
export const CampaignsAnswer = okResults(CampaignsResponse);
export type CampaignsAnswer = z.infer<typeof CampaignsAnswer>;
export const BoxesAnswer = okResults(BoxesResponse);
export type BoxesAnswer = z.infer<typeof BoxesAnswer>;
export const TicketGrantAnswer = okResults(TicketGrantState);
export type TicketGrantAnswer = z.infer<typeof TicketGrantAnswer>;
export const TicketsAnswer = okResults(LotteryTicketsResponse);
export type TicketsAnswer = z.infer<typeof TicketsAnswer>;
export const PrizesAnswer = okResults(PrizesResponse);
export type PrizesAnswer = z.infer<typeof PrizesAnswer>;
export const OrderTicketsAnswer = okResults(OrderTicketsResponse);
export type OrderTicketsAnswer = z.infer<typeof OrderTicketsAnswer>;
export const DistributionEventsAnswer = okResults(DistributionEventsResponse);
export type DistributionEventsAnswer = z.infer<typeof DistributionEventsAnswer>;

/** `POST /lottery/tickets/consume`: the prize the ticket drew. */
export const ConsumeResponse = okResults(WonPrize);
export type ConsumeResponse = z.infer<typeof ConsumeResponse>;
