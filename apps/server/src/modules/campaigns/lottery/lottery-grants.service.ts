import { priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { type DistributionEventType, grantKey, readEndEvent, ticketWindow } from '@hondana/domain/campaigns/lottery';
import type { TicketGrantState } from '@hondana/domain/campaigns/lottery-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { firstAfter, keptUntilChange } from '../../../ops/kept-until-change';
import { ownsBook } from '../../orders/entitlements';
import { toPricing } from '../../orders/purchase';
import { bookPricingAndRelease, eventsOf, insertTickets, nextCampaignStart, runningCampaigns } from './lottery.repository';

type Trx = Transaction<Database>;

/**
 * Ticket grants: each distribution event of a running campaign hands out its tickets
 * once per grant key (`grantKey` of domain: an order, a Tokyo day, a link). The unique key of
 * `lottery_tickets` decides, so parallel grants of one key give it once.
 */
interface GrantCause {
  userId: number;
  event: DistributionEventType;
  now: number;
  orderId?: number;
  linkId?: string;
  missionId?: number;
  /** Only this campaign (a mission's ticket reward). */
  campaignId?: number;
  /** Tickets to give when no distribution event says (a mission's reward amount). */
  count?: number;
  /** The store's catalog change count the caller read in this transaction (a purchase): the running campaigns may be the kept ones. */
  catalogVersion?: number;
}

interface GrantOutcome {
  campaignId: number;
  ticketIds: number[];
}

/** The running campaigns and all their distribution events. */
async function readRunning(db: Db, now: number) {
  const campaigns = await runningCampaigns(db, now);
  const events = await eventsOf(
    db,
    campaigns.map((c) => c.id),
  );
  return { campaigns, events };
}

/**
 * The running campaigns with their distribution events, kept per process while the catalog
 * change count a purchase read is the one they were read at, until the next campaign starts or a
 * running one ends (`ops/kept-until-change.ts`; the console's lottery writes are catalog changes):
 * a paid purchase reads no lottery row while nothing changes. Issue 36.
 */
const runningKept = keptUntilChange(readRunning, async (db, now, running) =>
  firstAfter(now, [await nextCampaignStart(db, now), ...running.campaigns.map((c) => c.end_at)]),
);

/** Grants the event's tickets in every running campaign that has it; [] when none has it. */
export async function grantForEvent(
  trx: Trx,
  cause: GrantCause,
): Promise<{ granted: GrantOutcome[]; already: number[]; campaigns: number }> {
  const running = await runningKept(trx, cause.catalogVersion, cause.now);
  const campaigns = running.campaigns.filter((c) => cause.campaignId === undefined || c.id === cause.campaignId);
  const { events } = running;
  const granted: GrantOutcome[] = [];
  const already: number[] = [];
  for (const campaign of campaigns) {
    const event = events.find(
      (e) => e.campaign_id === campaign.id && e.event_type === cause.event && (cause.event !== 'URL' || e.link_id === cause.linkId),
    );
    const count = event?.tickets ?? cause.count;
    if (count === undefined) continue;
    const window = ticketWindow(cause.now, campaign.ticket_valid_days, campaign.end_at);
    const ticketIds = await insertTickets(trx, {
      userId: cause.userId,
      campaignId: campaign.id,
      eventType: cause.event,
      grantKey: grantKey(cause.event, {
        now: cause.now,
        ...(cause.orderId !== undefined && { orderId: cause.orderId }),
        ...(cause.linkId !== undefined && { linkId: cause.linkId }),
        ...(cause.missionId !== undefined && { missionId: cause.missionId }),
      }),
      count,
      orderId: cause.orderId ?? null,
      issuedAt: window.issuedAt,
      expiresAt: window.expiresAt,
    });
    if (ticketIds.length > 0) granted.push({ campaignId: campaign.id, ticketIds });
    else already.push(campaign.id);
  }
  return { granted, already, campaigns: campaigns.length };
}

/**
 * A paid order during a campaign: its tickets, as the order result's `userLotteryTickets`
 * (one entry per ticket). Free orders earn none.
 */
export async function grantPurchaseTickets(
  trx: Trx,
  input: { userId: number; orderId: number; totalPrice: number; now: number; catalogVersion?: number | undefined },
): Promise<{ lotteryCampaignId: number }[]> {
  if (input.totalPrice <= 0) return [];
  const { granted } = await grantForEvent(trx, {
    userId: input.userId,
    event: 'PURCHASE',
    orderId: input.orderId,
    now: input.now,
    ...(input.catalogVersion !== undefined && { catalogVersion: input.catalogVersion }),
  });
  return granted.flatMap((g) => g.ticketIds.map(() => ({ lotteryCampaignId: g.campaignId })));
}

/** The §8 answer of a day-keyed grant: the first campaign granted, or why none was. */
function outcome(result: Awaited<ReturnType<typeof grantForEvent>>): TicketGrantState {
  const [first] = result.granted;
  if (first) return { lotteryCampaignId: first.campaignId, status: 'GRANTED', error: null, ticketIds: first.ticketIds };
  if (result.campaigns === 0) throw new AppError(403, ErrorCode.OUT_OF_TERM, ['開催中のくじキャンペーンはありません']);
  if (result.already.length > 0) throw new AppError(403, ErrorCode.ALREADY_GRANT_TICKET);
  throw new AppError(403, ErrorCode.NOT_TARGET_BOOK);
}

/**
 * `/lottery/tickets/read_end`: a book read to the end. A free book earns the free-book grant of
 * the Tokyo day, an owned priced book the priced-book grant (apart, §9). A priced book the member
 * does not own, or a campaign without that event, is NOT_TARGET_BOOK; a second grant the same day
 * ALREADY_GRANT_TICKET; no campaign running OUT_OF_TERM.
 */
export async function grantReadEnd(
  db: Kysely<Database>,
  input: { userId: number; bookId: number; now: number },
): Promise<TicketGrantState> {
  return db.transaction().execute(async (trx) => {
    const book = await bookPricingAndRelease(trx, input.bookId);
    if (!book || book.start_datetime > input.now) throw notFound('book');
    const free = priceAt(toPricing(book), input.now).free;
    if (!free && !(await ownsBook(trx, input.userId, input.bookId, input.now))) {
      if ((await runningCampaigns(trx, input.now)).length === 0) throw new AppError(403, ErrorCode.OUT_OF_TERM);
      throw new AppError(403, ErrorCode.NOT_TARGET_BOOK);
    }
    const result = await grantForEvent(trx, { userId: input.userId, event: readEndEvent(free), now: input.now });
    return outcome(result);
  });
}

/** `/lottery/tickets/share`: sharing the campaign, once a Tokyo day. */
export function grantShare(db: Kysely<Database>, input: { userId: number; now: number }): Promise<TicketGrantState> {
  return db.transaction().execute(async (trx) => {
    const result = await grantForEvent(trx, { userId: input.userId, event: 'SHARE', now: input.now });
    return outcome(result);
  });
}

/** `/lottery/tickets/url`: a ticket link of a campaign, once per link. */
export function grantUrl(db: Kysely<Database>, input: { userId: number; linkId: string; now: number }): Promise<TicketGrantState> {
  return db.transaction().execute(async (trx) => {
    const result = await grantForEvent(trx, { userId: input.userId, event: 'URL', linkId: input.linkId, now: input.now });
    if (result.granted.length + result.already.length === 0 && result.campaigns > 0) throw notFound('link');
    return outcome(result);
  });
}
