import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkInvitationCampaign } from '@hondana/domain/admin/admin-invitations';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminInvitationCampaignView,
  type CreateInvitationCampaignBody,
  type InvitationCampaignFields,
  type InvitationCampaignType,
  type InvitationState,
  type UpdateInvitationCampaignBody,
} from '@hondana/domain/admin/admin-invitations-api';
import { type InviterStep, inviterMaximum } from '@hondana/domain/invitations/invitations';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './invitation-campaigns.repository';

/**
 * The console's friend invitation campaigns (§3 Invitation campaign, Incentive ticket): a
 * campaign's period and name, the inviter's coins per achieved friend (steps and limit) and the
 * invitee's incentive ticket, written into the table the store's invitation calls read, so a change
 * shows in the store at once. A change applies from then on: tickets already taken keep their
 * discount and expiry, coins already paid stay paid.
 *
 * The store's invitation pages show one running campaign (the open one ending first) and a
 * member's code belongs to one campaign, so no two campaigns may run at the same moment: a
 * campaign whose period from now on meets another's not yet ended is refused (400 naming
 * `start`). The check and the write are one step: every change holds the campaigns' write lock.
 */
type Trx = Transaction<Database>;
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, ['invitation campaign: changed by someone else since it was loaded; load it again']);

const stateAt = (c: { start_at: number; end_at: number }, now: number): InvitationState =>
  Number(c.end_at) <= now ? 'ended' : Number(c.start_at) > now ? 'scheduled' : 'running';

async function views(db: Db, rows: repo.CampaignRow[], now: number): Promise<AdminInvitationCampaignView[]> {
  const counts = await repo.grantCounts(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => {
    const inviterIncentive = { limit: c.inviter_limit, useSteps: c.use_steps === 1, steps: JSON.parse(c.steps) as InviterStep[] };
    const count = counts.find((n) => n.campaign_id === c.id);
    return {
      id: c.id,
      name: c.name,
      start: instantToTokyoMinute(Number(c.start_at)),
      end: instantToTokyoMinute(Number(c.end_at)),
      utmCampaign: c.utm_campaign,
      images: JSON.parse(c.images) as AdminInvitationCampaignView['images'],
      campaignType: c.campaign_type as InvitationCampaignType,
      inviterIncentive,
      inviteeIncentive: { amount: c.ticket_amount, minCartPrice: c.ticket_min_cart_price, expireDays: c.ticket_valid_days },
      inviterMaximum: inviterMaximum(inviterIncentive),
      invitees: Number(count?.invitees ?? 0),
      achieved: Number(count?.achieved ?? 0),
      state: stateAt(c, now),
      version: c.version,
    };
  });
}

export async function listInvitationCampaigns(
  db: Db,
  state: InvitationState | undefined,
  now: number,
): Promise<AdminInvitationCampaignView[]> {
  return views(db, await repo.campaignRows(db, state, now), now);
}

async function loadCampaign(db: Db, id: number) {
  const row = await repo.campaignRow(db, id);
  if (!row) throw notFound('invitation campaign');
  return row;
}

const viewOf = async (db: Db, id: number, now: number) => (await views(db, [await loadCampaign(db, id)], now))[0]!;

/** A campaign's columns, each from its field. */
const writers: ColumnWriters<InvitationCampaignFields, repo.CampaignColumns> = {
  name: (v) => ({ name: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
  utmCampaign: (v) => ({ utm_campaign: v }),
  images: (v) => ({ images: JSON.stringify(v) }),
  campaignType: (v) => ({ campaign_type: v }),
  inviterIncentive: (v) => ({
    inviter_limit: v.limit,
    use_steps: v.useSteps ? 1 : 0,
    steps: JSON.stringify(v.steps.map((s) => ({ mangaCoinAmount: s.mangaCoinAmount, expireDays: s.expireDays }))),
  }),
  inviteeIncentive: (v) => ({ ticket_amount: v.amount, ticket_min_cart_price: v.minCartPrice, ticket_valid_days: v.expireDays }),
};

/** The campaign's fields as it holds them, for the rules of a save that sends only some. */
function fieldsOf(row: repo.CampaignRow, view: AdminInvitationCampaignView): InvitationCampaignFields {
  return {
    name: view.name,
    start: Number(row.start_at),
    end: Number(row.end_at),
    utmCampaign: view.utmCampaign,
    images: view.images,
    campaignType: view.campaignType,
    inviterIncentive: view.inviterIncentive,
    inviteeIncentive: view.inviteeIncentive,
  };
}

/** Refuses a period that would run beside another campaign (from now on; the past has been shown already). */
async function checkAlone(trx: Db, period: { start: number; end: number }, now: number, except?: number): Promise<void> {
  if (period.end <= now) return;
  const other = await repo.overlapping(trx, {
    start: Math.max(period.start, now),
    end: period.end,
    now,
    ...(except !== undefined && { except }),
  });
  if (other) {
    const span = `${instantToTokyoMinute(Number(other.start_at))}–${instantToTokyoMinute(Number(other.end_at))}`;
    throw badRequest(
      'start',
      `overlaps invitation campaign ${other.id} (${other.name}, ${span}); the store shows one running campaign at a time`,
    );
  }
}

/** A new campaign (the demo's seed calls this too, in its own transaction). */
export async function createInvitationCampaign(
  trx: Db,
  input: Omit<CreateInvitationCampaignBody, 'token'>,
  now: number,
): Change<AdminInvitationCampaignView> {
  const { name, start, end, utmCampaign, images, campaignType, inviterIncentive, inviteeIncentive } = input;
  const fields: InvitationCampaignFields = { name, start, end, utmCampaign, images, campaignType, inviterIncentive, inviteeIncentive };
  // The request's schema checked these; a caller with no request (the demo) is checked the same.
  checkRule(checkInvitationCampaign, fields);
  if (end <= now) throw badRequest('end', 'must be in the future');
  await repo.lockCampaigns(trx);
  await checkAlone(trx, { start, end }, now);
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertCampaign(trx, columnsOf(fields, writers) as repo.CampaignColumns);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'invitation_campaign.create', subject: `invitation_campaign:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; the rules are checked on the campaign as the save leaves it. */
export async function updateInvitationCampaign(
  trx: Trx,
  id: number,
  input: UpdateInvitationCampaignBody,
  now: number,
): Change<AdminInvitationCampaignView> {
  const { token: _token, version, ...fields } = input;
  await repo.lockCampaigns(trx);
  const row = await loadCampaign(trx, id);
  // Another's change first: the operator sees the campaign as it now is.
  if (row.version !== version) throw conflict();
  const before = await viewOf(trx, id, now);
  const next = applyPatch(fieldsOf(row, before), fields);
  checkRule(checkInvitationCampaign, next);
  if (fields.start !== undefined || fields.end !== undefined) await checkAlone(trx, next, now, id);
  if (!(await repo.updateCampaignAt(trx, id, version, columnsOf(fields, writers)))) throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'invitation_campaign.update', subject: `invitation_campaign:${id}`, before, after }] };
}

/**
 * Ends a campaign now: its codes and links stop working and no friend takes its ticket any more.
 * Tickets already taken stay usable until they expire, and a friend's first purchase with one
 * still pays the inviter. It stays listed. (One not started yet is given a start a moment before,
 * so its period stays a period.)
 */
export async function endInvitationCampaign(trx: Trx, id: number, version: number, now: number): Change<AdminInvitationCampaignView> {
  await repo.lockCampaigns(trx);
  const row = await loadCampaign(trx, id);
  if (row.version !== version) throw conflict();
  if (Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const before = await viewOf(trx, id, now);
  if (!(await repo.updateCampaignAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now - 1), end_at: now })))
    throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'invitation_campaign.end', subject: `invitation_campaign:${id}`, before, after }] };
}
