import { nextInviterStep } from '@hondana/domain/invitations/invitations';
import { expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { grant } from '../ledger/ledger';
import { lockMember } from '../ledger/member-lock';
import * as repo from './invitations.repository';

/**
 * Whether the buyer has a pending first-purchase invitation, as a subquery of the purchase's books
 * statement (`orders/orders.repository.ts`): `achieveInvitation` is called only when there is one.
 */
export { pendingFirstPurchaseGrantQuery } from './invitations.repository';

/**
 * The invitations area's public step of a completed paid order, in the order's transaction: the
 * buyer's pending invitation (their first purchase after taking the ticket) is achieved once,
 * and the inviter gets the campaign's next step of manga coins as a bonus lot with its GRANT
 * entry, until the limit. The inviter's wallet lock orders parallel achievements of one
 * inviter, so the count the step is chosen by is exact; the unique (campaign, inviter, seq)
 * backs that up.
 */
export async function achieveInvitation(
  trx: Transaction<Database>,
  input: { userId: number; orderId: number; now: number },
): Promise<void> {
  const pending = await repo.pendingGrantOf(trx, input.userId);
  if (!pending || pending.campaign_type !== 'FIRST_PURCHASE') return;
  const inviterId = pending.inviter_user_id;
  await lockMember(trx, inviterId);
  const incentive = repo.toCampaign(pending).inviterIncentive;
  const count = await repo.achievedCount(trx, pending.id, inviterId);
  const step = nextInviterStep(incentive, count);
  const achieved = await repo.achieve(trx, {
    inviteeId: input.userId,
    orderId: input.orderId,
    seq: step ? count + 1 : null,
    coins: step?.mangaCoinAmount ?? 0,
    now: input.now,
  });
  if (!achieved || !step || step.mangaCoinAmount <= 0) return;
  await grant(trx, {
    userId: inviterId,
    currency: 'MANGA_COIN',
    amount: step.mangaCoinAmount,
    paid: false,
    expiresAt: expiryAfterDays(input.now, step.expireDays),
    campaignId: null,
    reason: `友達招待「${pending.name}」達成特典`,
    now: input.now,
  });
}
