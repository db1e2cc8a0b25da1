import type { Insertable } from 'kysely';
import type { Database, Db } from '../../src/db/schema';

const DAY = 86_400_000;

/** An invitation campaign open around `now`: 300 coins per invitee up to 3, a ¥500 ticket over ¥1,000, 30 days. */
export async function createInvitationCampaign(
  db: Db,
  now: number,
  overrides: Partial<Insertable<Database['invitation_campaigns']>> = {},
): Promise<number> {
  const { id } = await db
    .insertInto('invitation_campaigns')
    .values({
      name: '友達招待キャンペーン',
      start_at: now - DAY,
      end_at: now + 30 * DAY,
      utm_campaign: 'friend_invitation',
      images: JSON.stringify([{ location: 'appeal', imageUrl: '/media/invitation.png', alt: '友達招待' }]),
      inviter_limit: 3,
      use_steps: 0,
      steps: JSON.stringify([{ mangaCoinAmount: 300, expireDays: 90 }]),
      ticket_amount: 500,
      ticket_min_cart_price: 1000,
      ticket_valid_days: 30,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Ends every campaign still open at `now`, so a test's own campaign is the only one. */
export async function endOpenCampaigns(db: Db, now: number): Promise<void> {
  await db
    .updateTable('invitation_campaigns')
    .set({ start_at: now - 2, end_at: now - 1 })
    .where('end_at', '>', now)
    .execute();
}
