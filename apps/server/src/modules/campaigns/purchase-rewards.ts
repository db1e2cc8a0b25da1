import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { grantPurchaseTickets } from './lottery/lottery-grants.service';
import { ticketCampaignsOfOrder } from './lottery/lottery.repository';
import { advanceMissions } from './missions/missions.service';
import { achieveInvitation } from '../invitations/invitation-rewards';

/**
 * What a completed purchase earns in the selling layer, in the order's transaction: lottery
 * tickets of running campaigns (the order result's `userLotteryTickets`), the buy-a-book
 * missions' progress and the buyer's pending friend invitation. Free orders earn none of these.
 */
export async function rewardPurchase(
  trx: Transaction<Database>,
  input: { userId: number; orderId: number; totalPrice: number; now: number },
): Promise<{ lotteryCampaignId: number }[]> {
  if (input.totalPrice <= 0) return [];
  await advanceMissions(trx, input.userId, { kind: 'purchase', orderId: input.orderId }, input.now);
  await achieveInvitation(trx, input);
  return grantPurchaseTickets(trx, input);
}

/** The lottery tickets an order earned, as its result names them (a payment completed later). */
export async function ticketsOfOrder(trx: Transaction<Database>, orderId: number): Promise<{ lotteryCampaignId: number }[]> {
  return (await ticketCampaignsOfOrder(trx, orderId)).map((r) => ({ lotteryCampaignId: r.campaign_id }));
}
