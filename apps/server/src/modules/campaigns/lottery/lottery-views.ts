import { type DistributionEventType, type PrizeKind, odds } from '@hondana/domain/campaigns/lottery';
import type { DistributionEvent, LotteryCampaign, LotteryPrize, LotteryTicket, WonPrize } from '@hondana/domain/campaigns/lottery-api';
import type { Db } from '../../../db/schema';
import type { PrizeRow } from './lottery.repository';
import { boxesOf, campaignById, eventsOf, prizesOfCampaign } from './lottery.repository';

/** Rows of the lottery as §3 shapes them. */
export const ogpImageUrl = (q: Record<string, number>) =>
  `/api/lottery/ogp_image?${Object.entries(q)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;

const toDrawable = (p: PrizeRow) => ({ id: p.id, weight: p.weight, remaining: p.remaining });

function prizeView(p: PrizeRow, chance: number): LotteryPrize {
  return {
    prizeId: p.id,
    boxId: p.box_id,
    rank: p.rank,
    name: p.name,
    kind: p.kind as PrizeKind,
    amount: p.amount,
    bookId: p.book_id,
    couponId: p.coupon_id,
    odds: chance,
    stock: p.stock,
    remaining: p.remaining,
    imageUrl: ogpImageUrl({ prize_id: p.id }),
  };
}

export function eventView(e: { id: number; event_type: string; name: string; tickets: number }): DistributionEvent {
  return { eventId: e.id, eventType: e.event_type as DistributionEventType, name: e.name, tickets: e.tickets };
}

/** A campaign with its boxes (each prize with its chance now) and its distribution events. */
export async function campaignView(db: Db, campaignId: number): Promise<LotteryCampaign | null> {
  const campaign = await campaignById(db, campaignId);
  if (!campaign) return null;
  const [boxes, prizes, events] = await Promise.all([
    boxesOf(db, campaignId),
    prizesOfCampaign(db, campaignId),
    eventsOf(db, [campaignId]),
  ]);
  return {
    lotteryCampaignId: campaign.id,
    name: campaign.name,
    description: campaign.description,
    imageUrl: ogpImageUrl({ lottery_campaign_id: campaign.id }),
    colorCode: campaign.color_code,
    startDatetime: campaign.start_at,
    endDatetime: campaign.end_at,
    ticketValidDays: campaign.ticket_valid_days,
    boxes: boxes.map((box) => {
      const inBox = prizes.filter((p) => p.box_id === box.id);
      const chances = odds(inBox.map(toDrawable));
      return { boxId: box.id, name: box.name, prizes: inBox.map((p) => prizeView(p, chances.get(p.id) ?? 0)) };
    }),
    distributionEvents: events.map(eventView),
  };
}

export function ticketView(t: {
  id: number;
  campaign_id: number;
  event_type: string;
  used_at: number | null;
  issued_at: number;
  expires_at: number;
}): LotteryTicket {
  return {
    ticketId: t.id,
    lotteryCampaignId: t.campaign_id,
    eventType: t.event_type as DistributionEventType,
    usedFlg: t.used_at === null ? 0 : 1,
    issueDatetime: t.issued_at,
    expireDatetime: t.expires_at,
  };
}

export function wonPrizeView(d: { id: number; ticket_id: number; campaign_id: number; created_at: number }, prize: PrizeRow): WonPrize {
  return {
    drawId: d.id,
    ticketId: d.ticket_id,
    lotteryCampaignId: d.campaign_id,
    prize: prizeView(prize, 0),
    drawDatetime: d.created_at,
    ogpImageUrl: ogpImageUrl({
      lottery_campaign_id: d.campaign_id,
      rank: prize.rank,
      prize_id: prize.id,
      ...(prize.kind === 'MANGA_COIN' && { coin: prize.amount }),
    }),
  };
}
