import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createNonLoginAppeal } from '../modules/admin/non-login-appeals.service';
import { anyInvitationGrant, deleteInvitationCampaigns, deleteNonLoginAppealsNamed, insertInvitationCampaign } from './demo-selling.repository';

type Tx = Kysely<Database> | Transaction<Database>;
const DAY = 86_400_000;

export const DEMO_INVITATION_NAME = '本棚 友達招待キャンペーン';

/**
 * The demo's friend invitation campaign, open for three months around the generation instant:
 * the invitee gets a 500 yen ticket for a cart of 1,000 yen or more (30 days), the inviter 300
 * manga coins per friend's first purchase, up to 5 friends (1,500 coins).
 */
export async function insertDemoInvitations(db: Tx, now: number): Promise<void> {
  await insertInvitationCampaign(db, {
    name: DEMO_INVITATION_NAME,
    start_at: now - 30 * DAY,
    end_at: now + 60 * DAY,
    utm_campaign: 'hondana_friend_invitation',
    images: '[]',
    campaign_type: 'FIRST_PURCHASE',
    inviter_limit: 5,
    use_steps: 0,
    steps: JSON.stringify([{ mangaCoinAmount: 300, expireDays: 90 }]),
    ticket_amount: 500,
    ticket_min_cart_price: 1000,
    ticket_valid_days: 30,
  });
}

/** Before a catalog reset: the campaign goes with its codes; once a friend took a ticket, grants are member data and the reset fails. */
export async function deleteDemoInvitations(db: Tx): Promise<void> {
  if (await anyInvitationGrant(db)) throw new Error('invitation grants refer to the demo campaign');
  await deleteInvitationCampaigns(db);
}

export const DEMO_NON_LOGIN_APPEAL_NAME = 'はじめての方へ';

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
