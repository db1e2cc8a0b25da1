import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createInvitationCampaign } from '../modules/admin/invitation-campaigns.service';
import { createNonLoginAppeal } from '../modules/admin/non-login-appeals.service';
import { anyInvitationGrant, deleteInvitationCampaigns, deleteNonLoginAppealsNamed } from './demo-selling.repository';

type Tx = Kysely<Database> | Transaction<Database>;
const DAY = 86_400_000;

export const DEMO_INVITATION_NAME = '本棚 友達招待キャンペーン';

/**
 * The demo's friend invitation campaign, open for three months around the generation instant,
 * made through the console's service (`createInvitationCampaign`) as an operator would make it:
 * the invitee gets a 500 yen ticket for a cart of 1,000 yen or more (30 days), the inviter 300
 * manga coins per friend's first purchase, up to 5 friends (1,500 coins). Operators end it and
 * start others in the console (`/admin/invitation-campaigns`).
 */
export async function insertDemoInvitations(db: Tx, now: number): Promise<void> {
  await createInvitationCampaign(
    db,
    {
      name: DEMO_INVITATION_NAME,
      start: now - 30 * DAY,
      end: now + 60 * DAY,
      utmCampaign: 'hondana_friend_invitation',
      images: [],
      campaignType: 'FIRST_PURCHASE',
      inviterIncentive: { limit: 5, useSteps: false, steps: [{ mangaCoinAmount: 300, expireDays: 90 }] },
      inviteeIncentive: { amount: 500, minCartPrice: 1000, expireDays: 30 },
    },
    now,
  );
}

/** Before a catalog reset: the campaign goes with its codes; once a friend took a ticket, grants are member data and the reset fails. */
export async function deleteDemoInvitations(db: Tx): Promise<void> {
  if (await anyInvitationGrant(db)) throw new Error('invitation grants refer to the demo campaign');
  await deleteInvitationCampaigns(db);
}

const DEMO_NON_LOGIN_APPEAL_NAME = 'はじめての方へ';

/**
 * The appeal guests see on the top page (§7 `/non_login_appeal`), running for three months around
 * the generation instant, made through the console's service (`createNonLoginAppeal`); a reset
 * replaces the one it made before.
 */
export async function insertDemoNonLoginAppeal(db: Tx, now: number): Promise<void> {
  await deleteNonLoginAppealsNamed(db, DEMO_NON_LOGIN_APPEAL_NAME);
  // Whole minutes, as the console's fields are.
  const minute = (at: number) => at - (at % 60_000);
  await createNonLoginAppeal(
    db,
    {
      name: DEMO_NON_LOGIN_APPEAL_NAME,
      imageUrl: '/favicon.svg',
      appealText: '無料会員登録で、試し読みの続きやお気に入りの作品をいつでも本棚に。新刊のお知らせも受け取れます。',
      start: minute(now - 30 * DAY),
      end: minute(now + 60 * DAY),
    },
    now,
  );
}
