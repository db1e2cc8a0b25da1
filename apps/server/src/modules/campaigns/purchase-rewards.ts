import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { RewardFacts } from '../orders/purchase';
import { grantPurchaseTickets } from './lottery/lottery-grants.service';
import { ticketCampaignsOfOrder } from './lottery/lottery.repository';
import { advanceMissions } from './missions/missions.service';
import { achieveInvitation } from '../invitations/invitation-rewards';

/**
 * What a completed purchase earns in the selling layer, in the order's transaction: lottery
 * tickets of running campaigns (the order result's `userLotteryTickets`), the buy-a-book
 * missions' progress and the buyer's pending friend invitation. Free orders earn none of these.
 * `facts`, when the purchase's books statement read them (`orders/purchase.ts`): the catalog
 * change count, with which the running missions and lotteries may be the kept ones, and whether
 * there is a pending invitation to read at all; without them each is read here (issue 36: a
 * purchase while nothing runs reads none of them).
 */
export async function rewardPurchase(
  trx: Transaction<Database>,
  input: { userId: number; orderId: number; totalPrice: number; now: number; facts?: RewardFacts | undefined },
): Promise<{ lotteryCampaignId: number }[]> {
  if (input.totalPrice <= 0) return [];
  const catalogVersion = input.facts?.catalogVersion;
  await advanceMissions(trx, input.userId, { kind: 'purchase', orderId: input.orderId }, input.now, catalogVersion);
  if (input.facts?.pendingInvitation !== false) await achieveInvitation(trx, input);
  return grantPurchaseTickets(trx, { ...input, catalogVersion });
}

/** The lottery tickets an order earned, as its result names them (a payment completed later). */
export async function ticketsOfOrder(trx: Transaction<Database>, orderId: number): Promise<{ lotteryCampaignId: number }[]> {
  return (await ticketCampaignsOfOrder(trx, orderId)).map((r) => ({ lotteryCampaignId: r.campaign_id }));
}
