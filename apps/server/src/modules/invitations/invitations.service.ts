import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { invitationLimit, inviterMaximum, limitReached } from '@hondana/domain/invitations/invitations';
import type { InvitationCampaign, InviterView } from '@hondana/domain/invitations/invitations-api';
import type { Db } from '../../db/schema';
import * as repo from './invitations.repository';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(length = 10): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return code;
}

export const notExist = () => new AppError(404, ErrorCode.INVITATION_NOT_EXIST, ['code: 招待コードが見つかりません']);
export const outOfTerm = () => new AppError(403, ErrorCode.INVITATION_OUT_OF_TERM, ['code: 友達招待キャンペーンの期間外です']);
const inTerm = (c: { start_at: number; end_at: number }, now: number) => Number(c.start_at) <= now && now < Number(c.end_at);

/** `GET /invitation/campaigns`: the open campaigns (or all, or one by id). */
export async function listCampaigns(
  db: Db,
  query: { invitation_campaign_id?: number | undefined; campaign_status: 'open' | 'all' },
  now: number,
): Promise<InvitationCampaign[]> {
  const rows = await repo.campaigns(db, {
    ...(query.invitation_campaign_id !== undefined && { id: query.invitation_campaign_id }),
    openOnly: query.campaign_status === 'open',
    now,
  });
  return rows.map(repo.toCampaign);
}

/** The campaign asked for, or the open one ending first; 404 when there is none open. */
async function openCampaign(db: Db, campaignId: number | undefined, now: number): Promise<repo.CampaignRow> {
  const [row] = await repo.campaigns(db, { ...(campaignId !== undefined && { id: campaignId }), openOnly: true, now });
  if (!row) throw new AppError(404, ErrorCode.CAMPAIGN_NOT_EXISTS, ['invitation_campaign_id: 開催中の友達招待キャンペーンはありません']);
  return row;
}

/** The member's one code in the campaign, made on first ask (a unique pair decides between parallel asks). */
async function ensureCode(db: Db, campaignId: number, userId: number, now: number): Promise<{ id: number; code: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await repo.codeOf(db, campaignId, userId);
    if (existing) return existing;
    try {
      await repo.insertCode(db, { campaignId, userId, code: newCode(), now });
    } catch (error) {
      // A code already taken by another member (unique code): draw another.
      if (attempt === 4) throw error;
    }
  }
  const made = await repo.codeOf(db, campaignId, userId);
  if (!made) throw new Error('invitation code was not stored');
  return made;
}

/** `GET /invitation/campaign/incentive/inviter/info` (and v2 with the campaign): code, achieved count and coins, limit. */
export async function inviterInfo(db: Db, userId: number, campaignId: number | undefined, now: number): Promise<InviterView> {
  const row = await openCampaign(db, campaignId, now);
  const campaign = repo.toCampaign(row);
  const code = await ensureCode(db, row.id, userId, now);
  const count = await repo.achievedCount(db, row.id, userId);
  const incentive = campaign.inviterIncentive;
  const coins = await repo.achievedCoinsSum(db, row.id, userId);
  return {
    campaign,
    info: {
      invitationAchievedMangaCoin: coins,
      invitationLimit: invitationLimit(incentive),
      invitationAchievedCount: count,
      invitationLimitMangaCoin: inviterMaximum(incentive),
      invitationCode: code.code,
    },
    limitReached: limitReached(incentive, count),
    inviterMaximum: inviterMaximum(incentive),
  };
}

/** `GET /invitation/code/campaign`: the campaign a code belongs to, for the appeal page (guests too). */
export async function codeCampaign(db: Db, code: string, now: number): Promise<InvitationCampaign> {
  const found = await repo.findCode(db, code);
  if (!found) throw notExist();
  if (!inTerm(found, now)) throw outOfTerm();
  return repo.toCampaign(found);
}
