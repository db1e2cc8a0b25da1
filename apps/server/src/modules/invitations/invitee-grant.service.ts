import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { CodeInspection, IncentiveTicket } from '@hondana/domain/invitations/invitations-api';
import { expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { grantReductionCoupon, memberCouponState } from '../cart/coupon-grants';
import * as repo from './invitations.repository';
import { notExist, outOfTerm } from './invitations.service';

type Trx = Transaction<Database>;

const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);
const received = () => refuse(ErrorCode.USER_HAS_RECEIVED_TICKET, 'code: すでに招待特典のチケットを受け取っています');

/** The §8 checks of an invitee and a code, in order; the code's row when all pass. */
async function check(db: Db | Trx, userId: number, code: string, now: number) {
  const found = await repo.findCode(db, code);
  if (!found) throw notExist();
  if (!(Number(found.start_at) <= now && now < Number(found.end_at))) throw outOfTerm();
  if (found.owner_id === userId) throw refuse(ErrorCode.INVITATION_OWN_CODE, 'code: ご自身の招待コードは使えません');
  const user = await repo.userEmail(db, userId);
  if (!user) throw new AppError(401, ErrorCode.UNAUTHORIZED);
  const email = user.email.trim().toLowerCase();
  if (await repo.grantOfInvitee(db, userId, email)) throw received();
  if (await repo.hasPaidBookOrder(db, userId))
    throw refuse(ErrorCode.USER_HAS_PURCHASED_BOOK, 'code: すでに作品を購入されているため招待特典の対象外です');
  return { found, email };
}

/** `GET /invitation/code/inspection`: whether the member may use the code (the §8 refusal otherwise). */
export async function inspect(db: Db, userId: number, code: string, now: number): Promise<CodeInspection> {
  const { found } = await check(db, userId, code, now);
  return { campaign: repo.toCampaign(found), available: true };
}

/**
 * `POST /invitation/campaign/incentive/invitee/grant`: the invitee's incentive ticket, a
 * reduction coupon of the campaign's amount with its minCartPrice and expiry, and the grant
 * waiting for the campaign's condition. One per account and per email, never one's own code:
 * the unique keys of `invitation_grants` decide between parallel grants, and the loser's
 * transaction (its coupon too) is rolled back.
 */
export async function grantInvitee(db: Db, userId: number, code: string, now: number): Promise<IncentiveTicket> {
  return db.transaction().execute(async (trx) => {
    const { found, email } = await check(trx, userId, code, now);
    const expireAt = Math.min(expiryAfterDays(now, found.ticket_valid_days), Number.MAX_SAFE_INTEGER);
    const couponId = await grantReductionCoupon(trx, {
      userId,
      name: `友達招待チケット ${found.ticket_amount.toLocaleString('ja-JP')}円OFF`,
      amount: found.ticket_amount,
      minCartPrice: found.ticket_min_cart_price,
      expireAt,
      linkUrl: null,
      now,
    });
    const inserted = await repo.insertGrant(trx, {
      campaignId: found.id,
      codeId: found.code_id,
      inviterId: found.owner_id,
      inviteeId: userId,
      inviteeEmail: email,
      couponId,
      now,
    });
    if (!inserted) throw received();
    return {
      hasAvailableTicket: true,
      ticketDiscountAmount: found.ticket_amount,
      minCartPrice: found.ticket_min_cart_price,
      expireDatetime: expireAt,
    };
  });
}

/** `GET /invitation/campaign/incentive/ticket`: the member's incentive ticket, usable while unused and unexpired. */
export async function incentiveTicket(db: Db, userId: number, now: number): Promise<IncentiveTicket> {
  const grant = await repo.latestGrantCoupon(db, userId);
  const coupon = grant && (await memberCouponState(db, userId, grant.coupon_id));
  if (!coupon) return { hasAvailableTicket: false, ticketDiscountAmount: 0, minCartPrice: 0, expireDatetime: null };
  const usable = coupon.status === 'UNUSED' && coupon.enabled === 1 && Number(coupon.expire_at) > now;
  return {
    hasAvailableTicket: usable,
    ticketDiscountAmount: coupon.rate ?? 0,
    minCartPrice: coupon.min_cart_price,
    expireDatetime: Number(coupon.expire_at),
  };
}
