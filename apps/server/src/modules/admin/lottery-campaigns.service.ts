import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkLotteryCampaign } from '@hondana/domain/admin/admin-lottery';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminLotteryCampaignView,
  type CreateLotteryCampaignBody,
  type LotteryBoxInput,
  type LotteryCampaignFields,
  type LotteryPrizeInput,
  type LotteryState,
  TICKET_RULES,
  TICKET_RULE_KEYS,
  type TicketRules,
  type UpdateLotteryCampaignBody,
} from '@hondana/domain/admin/admin-lottery-api';
import type { PrizeKind } from '@hondana/domain/campaigns/lottery';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import * as lottery from '../campaigns/lottery/lottery-writes';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './lottery-campaigns.repository';

/**
 * The console's lottery campaigns (§3 Lottery): a campaign's period and colour, its boxes and
 * prizes, and its ticket rules, written into the tables the store's lottery calls read, so a
 * change shows in the store at once. A box's odds add up to 1,000 ‰ (the domain's rule, checked
 * on every save as it leaves the campaign); a prize's stock may rise at any time, never below what
 * members have drawn; a prize or box already drawn from stays.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, ['lottery campaign: changed by someone else since it was loaded; load it again']);

const stateAt = (c: { start_at: number; end_at: number }, now: number): LotteryState =>
  Number(c.end_at) <= now ? 'ended' : Number(c.start_at) > now ? 'scheduled' : 'running';

/** The share image the store draws for a campaign (`/lottery/ogp_image`), in its colour. */
const imageUrl = (c: repo.CampaignRow) => `/api/lottery/ogp_image?lottery_campaign_id=${c.id}&v=${c.version}`;

/** Campaigns as the console shows them, with their boxes, prizes (and what was drawn of each) and ticket rules. */
async function views(db: Db, rows: repo.CampaignRow[], now: number): Promise<AdminLotteryCampaignView[]> {
  const ids = rows.map((c) => c.id);
  const [boxes, events] = await Promise.all([repo.boxesOf(db, ids), repo.eventsOf(db, ids)]);
  const prizes = await repo.prizesOf(
    db,
    boxes.map((b) => b.id),
  );
  return rows.map((c) => {
    const tickets = (rule: keyof TicketRules) =>
      events.find((e) => e.campaign_id === c.id && e.event_type === TICKET_RULES[rule].event)?.tickets ?? 0;
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      colorCode: c.color_code,
      imageUrl: imageUrl(c),
      start: instantToTokyoMinute(Number(c.start_at)),
      end: instantToTokyoMinute(Number(c.end_at)),
      ticketValidDays: c.ticket_valid_days,
      boxes: boxes
        .filter((b) => b.campaign_id === c.id)
        .map((b) => ({
          id: b.id,
          name: b.name,
          sortOrder: b.sort_order,
          prizes: prizes
            .filter((p) => p.box_id === b.id)
            .map((p) => ({
              id: p.id,
              rank: p.rank,
              name: p.name,
              kind: p.kind as PrizeKind,
              amount: p.amount,
              bookId: p.book_id,
              couponId: p.coupon_id,
              odds: p.weight,
              stock: p.stock,
              drawn: Number(p.drawn ?? 0),
            })),
        })),
      ticketRules: Object.fromEntries(TICKET_RULE_KEYS.map((k) => [k, tickets(k)])) as TicketRules,
      state: stateAt(c, now),
      version: c.version,
    };
  });
}

export async function listLotteryCampaigns(db: Db, state: LotteryState | undefined, now: number): Promise<AdminLotteryCampaignView[]> {
  return views(db, await repo.campaignRows(db, state, now), now);
}

async function loadCampaign(db: Db, id: number) {
  const row = await repo.campaignRow(db, id);
  if (!row) throw notFound('lottery campaign');
  return row;
}

const viewOf = async (db: Db, id: number, now: number) => (await views(db, [await loadCampaign(db, id)], now))[0]!;

/** A campaign's own columns, each from its field (its boxes and ticket rules are rows of their own). */
const campaignWriters: ColumnWriters<Omit<LotteryCampaignFields, 'boxes' | 'ticketRules'>, repo.CampaignColumns> = {
  name: (v) => ({ name: v }),
  description: (v) => ({ description: v }),
  colorCode: (v) => ({ color_code: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
  ticketValidDays: (v) => ({ ticket_valid_days: v }),
};

/** The campaign's fields as it holds them, for the rules of a save that sends only some. */
function fieldsOf(view: AdminLotteryCampaignView, row: repo.CampaignRow): LotteryCampaignFields {
  return {
    name: view.name,
    description: view.description,
    colorCode: view.colorCode,
    start: Number(row.start_at),
    end: Number(row.end_at),
    ticketValidDays: view.ticketValidDays,
    boxes: view.boxes.map((b) => ({
      id: b.id,
      name: b.name,
      sortOrder: b.sortOrder,
      prizes: b.prizes.map(({ drawn: _drawn, ...p }) => p),
    })),
    ticketRules: view.ticketRules,
  };
}

/** Books and coupons a prize names must exist (400 naming the prize's field). */
async function checkPrizeRefs(db: Db, boxes: readonly LotteryBoxInput[]): Promise<void> {
  for (const [i, box] of boxes.entries()) {
    for (const [j, p] of box.prizes.entries()) {
      if (p.kind === 'BOOK' && p.bookId !== null && !(await repo.bookExists(db, p.bookId)))
        throw badRequest(`boxes.${i}.prizes.${j}.bookId`, 'must be a book of the catalog');
      if (p.kind === 'COUPON' && p.couponId !== null && !(await repo.couponExists(db, p.couponId)))
        throw badRequest(`boxes.${i}.prizes.${j}.couponId`, 'must be a coupon');
    }
  }
}

const prizeColumns = (p: LotteryPrizeInput): lottery.PrizeColumns => ({
  rank: p.rank,
  name: p.name,
  kind: p.kind,
  amount: p.kind === 'MANGA_COIN' || p.kind === 'POINT' ? p.amount : 0,
  book_id: p.kind === 'BOOK' ? p.bookId : null,
  coupon_id: p.kind === 'COUPON' ? p.couponId : null,
  weight: p.odds,
});

/**
 * Writes the boxes as sent: a box or prize with an id is changed (its stock never below what was
 * drawn), one without is added, a saved one left out is removed unless members have drawn from it.
 */
async function writeBoxes(
  trx: Db,
  campaignId: number,
  boxes: readonly LotteryBoxInput[],
  saved: AdminLotteryCampaignView['boxes'],
): Promise<void> {
  const keptBoxes = new Set(boxes.flatMap((b) => (b.id === undefined ? [] : [b.id])));
  const keptPrizes = new Set(boxes.flatMap((b) => b.prizes.flatMap((p) => (p.id === undefined ? [] : [p.id]))));
  for (const box of saved) {
    for (const prize of box.prizes) {
      if (keptPrizes.has(prize.id)) continue;
      if (prize.drawn > 0)
        throw badRequest('boxes', `prize ${prize.id} (${prize.name}) has been drawn ${prize.drawn} times and cannot be removed`);
      await lottery.deletePrize(trx, prize.id);
    }
    if (!keptBoxes.has(box.id)) await repo.deleteBox(trx, box.id);
  }
  for (const [i, box] of boxes.entries()) {
    let boxId = box.id;
    if (boxId === undefined) boxId = await repo.insertBox(trx, { campaign_id: campaignId, name: box.name, sort_order: box.sortOrder });
    else {
      const before = saved.find((b) => b.id === boxId);
      if (!before) throw badRequest(`boxes.${i}.id`, 'must be a box of this campaign');
      await repo.updateBox(trx, boxId, { name: box.name, sort_order: box.sortOrder });
    }
    for (const [j, prize] of box.prizes.entries()) {
      if (prize.id === undefined) {
        await lottery.insertPrize(trx, { ...prizeColumns(prize), box_id: boxId, stock: prize.stock, remaining: prize.stock });
        continue;
      }
      const before = saved.find((b) => b.id === boxId)?.prizes.find((p) => p.id === prize.id);
      if (!before) throw badRequest(`boxes.${i}.prizes.${j}.id`, 'must be a prize of this box');
      if (prize.stock !== null && prize.stock < before.drawn)
        throw badRequest(`boxes.${i}.prizes.${j}.stock`, `must not be below the ${before.drawn} already drawn`);
      // A draw may have come in since the check: the statement checks again.
      if (!(await lottery.updatePrize(trx, prize.id, prizeColumns(prize), prize.stock)))
        throw badRequest(`boxes.${i}.prizes.${j}.stock`, 'must not be below what has been drawn');
    }
  }
}

/** The ticket rules as distribution events: one per rule with tickets, none for 0. */
async function writeTicketRules(trx: Db, campaignId: number, rules: TicketRules): Promise<void> {
  const events = TICKET_RULE_KEYS.filter((k) => rules[k] > 0).map((k) => ({
    event_type: TICKET_RULES[k].event,
    name: TICKET_RULES[k].name,
    tickets: rules[k],
  }));
  await repo.replaceEvents(
    trx,
    campaignId,
    TICKET_RULE_KEYS.map((k) => TICKET_RULES[k].event),
    events,
  );
}

/** A new campaign with its boxes, prizes and ticket rules (the demo's seed calls this too, in its own transaction). */
export async function createLotteryCampaign(
  trx: Db,
  input: Omit<CreateLotteryCampaignBody, 'token'>,
  now: number,
): Change<AdminLotteryCampaignView> {
  const { boxes, ticketRules, name, description, colorCode, start, end, ticketValidDays } = input;
  const fields = { name, description, colorCode, start, end, ticketValidDays };
  // The request's schema checked these; a caller with no request (the demo) is checked the same.
  checkRule(checkLotteryCampaign, input);
  await checkPrizeRefs(trx, boxes);
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertCampaign(trx, columnsOf(fields, campaignWriters) as repo.CampaignColumns);
  await writeBoxes(trx, id, boxes, []);
  await writeTicketRules(trx, id, ticketRules);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'lottery_campaign.create', subject: `lottery_campaign:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; the rules are checked on the campaign as the save leaves it. */
export async function updateLotteryCampaign(
  trx: Transaction<Database>,
  id: number,
  input: UpdateLotteryCampaignBody,
  now: number,
): Change<AdminLotteryCampaignView> {
  const { token: _token, version, boxes, ticketRules, ...fields } = input;
  const row = await loadCampaign(trx, id);
  const before = await viewOf(trx, id, now);
  const next = applyPatch(fieldsOf(before, row), {
    ...fields,
    ...(boxes !== undefined && { boxes }),
    ...(ticketRules !== undefined && { ticketRules }),
  });
  checkRule(checkLotteryCampaign, next);
  if (boxes !== undefined) await checkPrizeRefs(trx, boxes);
  // The campaign's own row first: a stale version writes nothing, and a second edit waits for this one.
  if (!(await repo.updateCampaignAt(trx, id, version, columnsOf(fields, campaignWriters)))) throw conflict();
  // Its boxes read again now that no other edit can come between (a draw since then counts).
  if (boxes !== undefined) await writeBoxes(trx, id, boxes, (await viewOf(trx, id, now)).boxes);
  if (ticketRules !== undefined) await writeTicketRules(trx, id, ticketRules);
  if (fields.end !== undefined) await lottery.endTicketsBy(trx, id, fields.end);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'lottery_campaign.update', subject: `lottery_campaign:${id}`, before, after }] };
}

/**
 * Ends a campaign now: no more tickets are given, and its unused ones end with it. It stays
 * listed with its draws. (One not started yet is given a start a moment before, so its period stays a period.)
 */
export async function endLotteryCampaign(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<AdminLotteryCampaignView> {
  const row = await loadCampaign(trx, id);
  // Another's change first (an end included): the operator sees the campaign as it now is.
  if (row.version !== version) throw conflict();
  if (Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const before = await viewOf(trx, id, now);
  if (!(await repo.updateCampaignAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now - 1), end_at: now })))
    throw conflict();
  await lottery.endTicketsBy(trx, id, now);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'lottery_campaign.end', subject: `lottery_campaign:${id}`, before, after }] };
}
