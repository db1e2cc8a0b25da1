import { randomInt } from 'node:crypto';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { pickPrize, totalWeight } from '@hondana/domain/campaigns/lottery';
import type { WonPrize } from '@hondana/domain/campaigns/lottery-api';
import { BONUS_COIN_VALID_DAYS, DEFAULT_POINT_VALID_DAYS, expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { grantEntitlement } from '../../orders/entitlements';
import { grant } from '../../ledger/ledger';
import {
  type PrizeRow,
  boxesOf,
  campaignById,
  claimTicket,
  insertDraw,
  prizesOfBox,
  takeOneOfStock,
  ticketById,
} from './lottery.repository';
import { wonPrizeView } from './lottery-views';

type Trx = Transaction<Database>;

/** A uniform integer in [0, max): `crypto.randomInt` in the app; tests may pass their own. */
export type RandomInt = (max: number) => number;
const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * Gives a member a coupon prize in the draw's transaction unless they hold it: the cart's
 * `giveCouponOnce` (the cart owns members' coupons), handed over by `app.ts` since the cart
 * imports the campaigns' purchase rewards.
 */
export type GiveCoupon = (trx: Db, userId: number, couponId: number, now: number) => Promise<void>;

/** Draws a second time when another draw took the last of the picked prize meanwhile. */
const PICK_ATTEMPTS = 8;

/**
 * Consumes a ticket: in the caller's transaction, the ticket is marked used by a
 * conditional update (one of any number of parallel consumes wins), a prize is picked with a
 * cryptographic random number among those with stock in the chosen box (the campaign's first
 * when none is named), one of its stock is taken by a conditional
 * update (never oversold: a lost race picks again), the prize is granted and the draw recorded.
 * Anything refused rolls the whole transaction back, the ticket included.
 */
export async function consumeTicket(
  trx: Trx,
  input: {
    userId: number;
    ticketId: number;
    titleId: number | null;
    boxId?: number | undefined;
    now: number;
    random?: RandomInt;
    giveCoupon: GiveCoupon;
  },
): Promise<WonPrize> {
  const { userId, ticketId, now } = input;
  if (!(await claimTicket(trx, userId, ticketId, now))) throw await whyNotUsable(trx, userId, ticketId);
  const ticket = (await ticketById(trx, ticketId))!;
  const campaign = (await campaignById(trx, ticket.campaign_id))!;
  const boxes = await boxesOf(trx, campaign.id);
  const box = input.boxId === undefined ? boxes[0] : boxes.find((b) => b.id === input.boxId);
  if (!box)
    throw input.boxId === undefined
      ? new AppError(409, ErrorCode.LOTTERY_PRIZE_SOLD_OUT, ['box: empty'])
      : badRequest('boxId', "not a box of the ticket's campaign");
  const prize = await pickWithStock(trx, box.id, input.random ?? cryptoRandomInt);
  await grantPrize(trx, { userId, prize, campaignName: campaign.name, now, giveCoupon: input.giveCoupon });
  const drawId = await insertDraw(trx, { ticketId, userId, campaignId: campaign.id, prizeId: prize.id, titleId: input.titleId, now });
  return wonPrizeView({ id: drawId, ticket_id: ticketId, campaign_id: campaign.id, created_at: now }, prize);
}

async function pickWithStock(trx: Trx, boxId: number, random: RandomInt): Promise<PrizeRow> {
  for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt += 1) {
    const prizes = await prizesOfBox(trx, boxId);
    const total = totalWeight(prizes);
    if (total === 0) break;
    const picked = pickPrize(prizes, random(total));
    if (!picked) break;
    if (picked.remaining === null || (await takeOneOfStock(trx, picked.id))) return picked;
  }
  throw new AppError(409, ErrorCode.LOTTERY_PRIZE_SOLD_OUT, ['prizes: none left']);
}

async function whyNotUsable(trx: Trx, userId: number, ticketId: number): Promise<AppError> {
  const ticket = await ticketById(trx, ticketId);
  if (!ticket || ticket.user_id !== userId) return notFound('ticket');
  if (ticket.used_at !== null) return new AppError(409, ErrorCode.LOTTERY_TICKET_USED, ['このくじは使用済みです']);
  return new AppError(403, ErrorCode.LOTTERY_TICKET_EXPIRED, ['このくじは有効期限が切れています']);
}

/** Japanese ledger line of a prize. */
const ledgerLine = (campaignName: string, prizeName: string) => `くじ「${campaignName}」${prizeName}当選`;

/**
 * The prize, in the draw's transaction: manga coins (bonus coins) and points as wallet lots with
 * their GRANT entries, a book as an entitlement, a coupon as the member's coupon (kept as it is
 * when the member already holds it).
 */
async function grantPrize(
  trx: Trx,
  input: { userId: number; prize: PrizeRow; campaignName: string; now: number; giveCoupon: GiveCoupon },
): Promise<void> {
  const { userId, prize, now } = input;
  const reason = ledgerLine(input.campaignName, prize.name);
  switch (prize.kind) {
    case 'MANGA_COIN':
      await grant(trx, {
        userId,
        currency: 'MANGA_COIN',
        amount: prize.amount,
        paid: false,
        expiresAt: expiryAfterDays(now, BONUS_COIN_VALID_DAYS),
        reason,
        now,
      });
      return;
    case 'POINT':
      await grant(trx, {
        userId,
        currency: 'POINT',
        amount: prize.amount,
        paid: false,
        expiresAt: expiryAfterDays(now, DEFAULT_POINT_VALID_DAYS),
        reason,
        now,
      });
      return;
    case 'BOOK':
      await grantEntitlement(trx, { userId, bookId: prize.book_id!, possessionStatus: 'OWNED', source: 'GRANT', orderId: null, now });
      return;
    case 'COUPON':
      await input.giveCoupon(trx, userId, prize.coupon_id!, now);
      return;
    default:
      throw new Error(`unknown prize kind ${prize.kind}`);
  }
}
