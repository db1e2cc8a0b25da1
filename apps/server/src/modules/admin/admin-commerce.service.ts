import { type AdminCoupon, type CreateCouponBody, type CreatedCoupon } from '@hondana/domain/admin/admin-api';
import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { CouponType } from '@hondana/domain/cart/coupons';
import { badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { giveCouponOnce, giveCouponToAllMembers, insertCoupon, setCouponEnabled as setCouponEnabledIn } from '../cart/coupon-grants';
import type { AuditEntry } from './audit.repository';
import * as repo from './admin-commerce.repository';

type CouponRow = NonNullable<Awaited<ReturnType<typeof repo.couponRow>>>;

function couponView(c: CouponRow, counts?: { held: unknown; used: unknown }): AdminCoupon {
  return {
    id: c.id,
    name: c.name,
    couponType: c.coupon_type,
    rate: c.rate,
    limit: c.limit_count,
    minCartPrice: c.min_cart_price,
    expireAt: instantToTokyoMinute(Number(c.expire_at)),
    targetScope: c.target_scope,
    targetIds: JSON.parse(c.target_ids) as number[],
    targetGenreIds: JSON.parse(c.target_genre_ids) as number[],
    steps: JSON.parse(c.steps) as AdminCoupon['steps'],
    newMembers: c.guest === 1,
    enabled: c.enabled === 1,
    held: Number(counts?.held ?? 0),
    used: Number(counts?.used ?? 0),
  };
}

export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  return (await repo.couponRows(db)).map((r) => couponView(r, r));
}

/**
 * A coupon with the cart's own rules (`domain/coupons.ts` reads these columns), given to all
 * current members, to a list, or to new members (offered on the guest banner and received when
 * they first open their cart).
 */
export async function createCoupon(
  trx: Transaction<Database>,
  input: CreateCouponBody,
  now: number,
): Promise<{ body: CreatedCoupon; audit: AuditEntry[] }> {
  if (input.expireAt <= now) throw badRequest('expireAt', 'must be in the future');
  const recipients = input.audience === 'LIST' ? await repo.resolveMembers(trx, input.members) : null;
  if (recipients && recipients.unknown.length) throw badRequest('members', `no such member: ${recipients.unknown.slice(0, 5).join(', ')}`);
  const stepType = input.couponType === CouponType.STEP_TITLE_COUNT ? 'TITLE_COUNT' : 'BOOK_COUNT';
  const stepped = input.couponType === CouponType.STEP_BOOK_COUNT || input.couponType === CouponType.STEP_TITLE_COUNT;
  const couponId = await insertCoupon(trx, {
    name: input.name.trim(),
    coupon_type: input.couponType,
    rate: stepped ? null : input.rate,
    limit_count: input.limit,
    min_cart_price: input.minCartPrice,
    expire_at: input.expireAt,
    target_scope: input.targetScope,
    target_ids: JSON.stringify(input.targetIds),
    target_genre_ids: JSON.stringify(input.targetGenreIds),
    steps: JSON.stringify(
      stepped
        ? input.steps.map((s, i) => ({ stepNumber: i + 1, requiredStepCount: s.requiredStepCount, stepType, stepRate: s.stepRate }))
        : [],
    ),
    link_url: null,
    image_url: null,
    guest: input.audience === 'NEW' ? 1 : 0,
    enabled: 1,
  });
  let given = 0;
  if (input.audience === 'ALL') given = await giveCouponToAllMembers(trx, couponId, now);
  if (recipients) {
    for (const userId of recipients.ids) await giveCouponOnce(trx, userId, couponId, now);
    given = recipients.ids.length;
  }
  const view = couponView((await repo.couponRow(trx, couponId))!, { held: given, used: 0 });
  return {
    body: { ...view, given },
    audit: [{ action: 'coupon.create', subject: `coupon:${couponId}`, after: { ...view, audience: input.audience, given } }],
  };
}

export async function setCouponEnabled(
  trx: Transaction<Database>,
  couponId: number,
  enabled: boolean,
): Promise<{ body: AdminCoupon; audit: AuditEntry[] }> {
  const before = await repo.couponRow(trx, couponId);
  if (!before) throw notFound('coupon');
  await setCouponEnabledIn(trx, couponId, enabled);
  const after = (await repo.couponRow(trx, couponId))!;
  return {
    body: couponView(after),
    audit: [
      {
        action: enabled ? 'coupon.enable' : 'coupon.disable',
        subject: `coupon:${couponId}`,
        before: couponView(before),
        after: couponView(after),
      },
    ],
  };
}
