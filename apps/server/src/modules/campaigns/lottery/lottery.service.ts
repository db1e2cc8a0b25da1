import { notFound } from '@hondana/domain/common/errors';
import { grantKey } from '@hondana/domain/campaigns/lottery';
import type {
  BoxesResponse,
  CampaignsResponse,
  DistributionEventsResponse,
  LotteryCampaign,
  LotteryTicketsResponse,
  OrderTicketsResponse,
  PrizesResponse,
} from '@hondana/domain/campaigns/lottery-api';
import type { Db } from '../../../db/schema';
import { drawsQuery, eventsOf, grantedKeys, prizesOfCampaign, runningCampaigns, ticketsOfOrder, ticketsQuery } from './lottery.repository';
import { campaignView, eventView, ticketView, wonPrizeView } from './lottery-views';

/** `/lottery/campaign`: the asked campaign, or the running one ending first; 404 when none. */
export async function campaign(db: Db, campaignId: number | undefined, now: number): Promise<LotteryCampaign> {
  const id = campaignId ?? (await runningCampaigns(db, now))[0]?.id;
  const view = id === undefined ? null : await campaignView(db, id);
  if (!view) throw notFound('campaign');
  return view;
}

/** `/lottery/campaigns`: the running campaigns. */
export async function campaigns(db: Db, now: number): Promise<CampaignsResponse> {
  const rows = await runningCampaigns(db, now);
  const views = await Promise.all(rows.map((c) => campaignView(db, c.id)));
  return { campaigns: views.filter((v) => v !== null) };
}

/** `/lottery/boxes`: a campaign's boxes. */
export async function boxes(db: Db, campaignId: number | undefined, now: number): Promise<BoxesResponse> {
  return { boxes: (await campaign(db, campaignId, now)).boxes };
}

/** `/lottery/tickets/me`: the member's tickets, newest first. */
export async function myTickets(
  db: Db,
  userId: number,
  q: { campaignId?: number | undefined; used?: boolean | undefined; offset: number; limit: number },
): Promise<LotteryTicketsResponse> {
  const filter = { campaignId: q.campaignId, used: q.used };
  const [rows, count] = await Promise.all([
    ticketsQuery(db, userId, filter).selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    ticketsQuery(db, userId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), tickets: rows.map(ticketView) };
}

/** `/lottery/prizes/me`: what the member won (one ticket's prize with ticket_id), newest first. */
export async function myPrizes(
  db: Db,
  userId: number,
  q: { ticketId?: number | undefined; offset: number; limit: number },
): Promise<PrizesResponse> {
  const [rows, count] = await Promise.all([
    drawsQuery(db, userId, q.ticketId).selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    drawsQuery(db, userId, q.ticketId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const campaignIds = [...new Set(rows.map((r) => r.campaign_id))];
  const prizes = new Map((await Promise.all(campaignIds.map((id) => prizesOfCampaign(db, id)))).flat().map((p) => [p.id, p]));
  return { totalCount: Number(count.n), prizes: rows.map((d) => wonPrizeView(d, prizes.get(d.prize_id)!)) };
}

/** `/lottery/campaigns/order`: the tickets an order earned. */
export async function orderTickets(db: Db, userId: number, orderId: number): Promise<OrderTicketsResponse> {
  const rows = await ticketsOfOrder(db, userId, orderId);
  return { userLotteryTickets: rows.map((r) => ({ lotteryCampaignId: r.campaign_id, ticketId: r.id })) };
}

/** `/lottery/ticket_distribution_events/me`: the running campaigns' events, and whether today's is given. */
export async function myDistributionEvents(db: Db, userId: number, now: number): Promise<DistributionEventsResponse> {
  const running = await runningCampaigns(db, now);
  const events = await eventsOf(
    db,
    running.map((c) => c.id),
  );
  const daily = events.map((e) => grantKey(e.event_type as never, { now, ...(e.link_id !== null && { linkId: e.link_id }) }));
  const given = new Set((await grantedKeys(db, userId, daily)).map((g) => `${g.campaign_id}|${g.grant_key}`));
  return {
    events: events.map((e, i) => ({
      ...eventView(e),
      lotteryCampaignId: e.campaign_id,
      grantedToday: given.has(`${e.campaign_id}|${daily[i]}`),
    })),
  };
}
