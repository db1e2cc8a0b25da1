/**
 * Request schemas and response shapes of the §7 lottery calls. Query and form names
 * as §7 writes them; JSON fields camelCase as §3.
 */
import { z } from 'zod';
import type { DistributionEventType, PrizeKind } from './lottery';

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

export interface LotteryPrize {
  prizeId: number;
  boxId: number;
  rank: number;
  name: string;
  kind: PrizeKind;
  /** Coins or points given; 0 for a book or a coupon. */
  amount: number;
  bookId: number | null;
  couponId: number | null;
  /** Chance of drawing it now, 0..1 (stock left counted). */
  odds: number;
  stock: number | null;
  remaining: number | null;
  imageUrl: string;
}

export interface LotteryBox {
  boxId: number;
  name: string;
  prizes: LotteryPrize[];
}

export interface DistributionEvent {
  eventId: number;
  eventType: DistributionEventType;
  name: string;
  tickets: number;
}

export interface LotteryCampaign {
  lotteryCampaignId: number;
  name: string;
  description: string;
  imageUrl: string;
  colorCode: string;
  startDatetime: number;
  endDatetime: number;
  ticketValidDays: number;
  boxes: LotteryBox[];
  distributionEvents: DistributionEvent[];
}

export interface LotteryTicket {
  ticketId: number;
  lotteryCampaignId: number;
  eventType: DistributionEventType;
  usedFlg: 0 | 1;
  issueDatetime: number;
  expireDatetime: number;
}

export interface LotteryTicketsResponse {
  totalCount: number;
  tickets: LotteryTicket[];
}

/** §3 ticket grant state: the campaign, GRANTED, and no error (errors are §8 error bodies). */
export interface TicketGrantState {
  lotteryCampaignId: number;
  status: 'GRANTED';
  error: null;
  ticketIds: number[];
}

export interface WonPrize {
  drawId: number;
  ticketId: number;
  lotteryCampaignId: number;
  prize: LotteryPrize;
  drawDatetime: number;
  /** Where to share it: the OGP image of the prize. */
  ogpImageUrl: string;
}

export interface PrizesResponse {
  totalCount: number;
  prizes: WonPrize[];
}

export interface ConsumeResponse {
  status: { code: 0 };
  results: WonPrize;
}

export interface DistributionEventsResponse {
  events: (DistributionEvent & { lotteryCampaignId: number; grantedToday: boolean })[];
}
