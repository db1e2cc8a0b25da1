/**
 * Manga coin subscription API (§7 "Manga coin and subscription"). Paths under `/api`; member
 * calls answer 401 UNAUTHORIZED without a session; errors are `{ errorCode, messages? }`.
 *
 *   GET    /manga_coin_sales_subscription_plans?payment_type=creditcard|docomo|softbank → SubscriptionPlansResponse
 *   GET    /manga_coin_sales_subscription_plans/{id}?payment_type=…                    → SubscriptionPlan
 *   GET    /manga_coin_sales_subscription_plans/create_token        (member)           → { status: { code: 0, token } }
 *   GET    /manga_coin_sales_subscription_plans/image?payment_type=…                   → SVG banner of the good-value plan
 *   GET    /manga_coin_sales_subscription_plans/appeal/good_value?payment_type=…       → GoodValueAppeal (guests too)
 *   POST   /manga_coin_sales_subscription_plans/{id}?token=…   JSON CardSubscribeBody  → SubscribeResult (card, at once)
 *   POST   /manga_coin_sales_subscription_plans/docomo/{id}?token=…   JSON CarrierSubscribeBody → SubscribeResult
 *   POST   /manga_coin_sales_subscription_plans/softbank/{id}?token=… JSON CarrierSubscribeBody (ENTRY + confirmUrl)
 *   DELETE /manga_coin_sales_subscription_plans/{id}?token=…   (member)                → UserSubscription (CANCEL)
 *   GET    /user_manga_coin_sales_subscriptions/me?id={planId}      (member)           → { subscription: UserSubscription | null }
 *   GET    /user_manga_coin_sales_subscriptions/me/{id}             (member)           → UserSubscription with its cycles
 *   GET    /user_manga_coin_sales_subscriptions/me/by_status?status=ACTIVE[,ENTRY…] (member) → { subscriptions }
 *
 * Refusals: 400 SIMPLY_SUBSCRIBE_ERROR (plan not sold for the payment type, or its coins and
 * bonuses are not what the member was shown), SIMPLY_CREDIT_CARD_ERROR (the card was refused),
 * POSSESSION_LIMIT (the member already holds a subscription), COIN_POSESSION_OVER (the cycle's
 * coins would pass the possession cap), PAYMENT_MAINTENANCE; SIMPLY_UNSUBSCRIBE_ERROR (nothing to cancel).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { CardId, RefusedCardData } from '../wallet/wallet-payments';
import { SubscriptionStatus, subscriptionStatuses } from './subscription-status';
import { AppealStatus } from './subscription-teaser';
import { PlanHighlight, SubscriptionPaymentType, subscriptionPaymentTypes } from './subscription-plans';

const required = { message: 'is required' };
const paymentTypeParam = z
  .string(required)
  .pipe(z.enum(subscriptionPaymentTypes, { message: `must be one of ${subscriptionPaymentTypes.join(', ')}` }));
const positiveId = rowId;
const count = z.number(required).int('must be an integer').min(0, 'must not be negative');

export const SubscriptionPlansQuery = z.object({ payment_type: paymentTypeParam });
export const SubscriptionAppealQuery = z.object({ payment_type: paymentTypeParam.default('creditcard') });
export const SubscriptionPlanQuery = z.object({ payment_type: paymentTypeParam.default('creditcard') });
export const SubscriptionIdPath = z.object({ id: positiveId });
export const SubscriptionTokenQuery = z.object({ token: z.string(required).min(1, 'is required').max(200) });
export const MySubscriptionQuery = z.object({ id: positiveId });
export const SubscriptionsByStatusQuery = z.object({
  status: z
    .string(required)
    .min(1, 'is required')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(subscriptionStatuses, { message: `must list statuses of ${subscriptionStatuses.join(', ')}` }))
        .min(1, 'is required')
        .max(4),
    ),
});

/** What the member was shown; the server refuses the subscription when the plan no longer says the same. */
const shownTerms = { coin: count.min(1, 'must be positive'), firstBonus: count, cycleBonus: count };

/** A card subscription: the provider's card id (a card it keeps, or the one its card fields just took); never the card itself. */
export const CardSubscribeBody = z.object({
  ...shownTerms,
  cardId: CardId,
  card: RefusedCardData,
  /** Accepted for compatibility with the spec's payload; the sandbox runs no bot check. */
  reCaptchaToken: z.string().max(4000).optional(),
});
export type CardSubscribeBody = z.infer<typeof CardSubscribeBody>;

const returnUrl = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site');

/** A docomo or SoftBank subscription: agreed on the carrier's page, back at `returnUrl`. */
export const CarrierSubscribeBody = z.object({ ...shownTerms, returnUrl: returnUrl.default('/mangacoin/subscription') });
export type CarrierSubscribeBody = z.infer<typeof CarrierSubscribeBody>;

const num = z.number();
const paymentType = z.enum(SubscriptionPaymentType);

/** §3 Subscription plan, with the §5 bonus percentage worked out. */
export const SubscriptionPlan = z.object({
  id: num,
  name: z.string(),
  coin: num,
  taxIncludedPrice: num,
  firstBonus: num,
  secondBonus: num,
  cycleBonus: num,
  highlightType: z.enum(PlanHighlight),
  paymentType,
  /** floor(cycleBonus / coin × 100). */
  bonusPercentage: num,
  /** The plan the good-value appeal names for this payment type. */
  goodValueFlg: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const SubscriptionPlansResponse = z.object({ paymentType, plans: z.array(SubscriptionPlan) });
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponse>;

/** §3 Good-value appeal: status, essentiallyFreeFlg, plan (coin, cycleBonus). */
export const GoodValueAppeal = z.object({
  status: z.enum(AppealStatus),
  /** Whether the caller is a member (the guest teaser otherwise). */
  loggedIn: z.boolean(),
  essentiallyFreeFlg: z.boolean(),
  plan: SubscriptionPlan.pick({
    id: true,
    name: true,
    coin: true,
    cycleBonus: true,
    firstBonus: true,
    taxIncludedPrice: true,
    bonusPercentage: true,
    paymentType: true,
  }).nullable(),
});
export type GoodValueAppeal = z.infer<typeof GoodValueAppeal>;

/** One billing cycle of a subscription: paid (coins granted), declined (retried), or pending. */
export const SubscriptionCycle = z.object({
  cycle: num,
  status: z.enum(['PENDING', 'PAID', 'DECLINED']),
  attempts: num,
  orderId: num.nullable(),
  taxIncludedPrice: num,
  coin: num,
  bonus: num,
  failureCode: z.string().nullable(),
  paidDatetime: num.nullable(),
  updatedDatetime: num,
});
export type SubscriptionCycle = z.infer<typeof SubscriptionCycle>;

/** §3 User subscription (cardId, status, paymentCount, renewalDatetime, firstBonusFlg, secondBonusFlg) and its plan. */
export const UserSubscription = z.object({
  id: num,
  planId: num,
  plan: SubscriptionPlan.pick({
    name: true,
    coin: true,
    taxIncludedPrice: true,
    firstBonus: true,
    secondBonus: true,
    cycleBonus: true,
    bonusPercentage: true,
  }),
  paymentType,
  cardId: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  status: z.enum(SubscriptionStatus),
  paymentCount: num,
  /** The next renewal (null once cancelled or before the first payment). */
  renewalDatetime: num.nullable(),
  /** When a cancelled subscription's last paid month ends (its coins stay); null otherwise. */
  endDatetime: num.nullable(),
  /** The next try of a declined renewal (ERROR), null otherwise. */
  retryDatetime: num.nullable(),
  firstBonusFlg: z.boolean(),
  secondBonusFlg: z.boolean(),
  failureCode: z.string().nullable(),
  createdDatetime: num,
  cancelDatetime: num.nullable(),
  cycles: z.array(SubscriptionCycle).optional(),
});
export type UserSubscription = z.infer<typeof UserSubscription>;

/** `GET /user_manga_coin_sales_subscriptions/me?id=`. */
export const MySubscriptionResponse = z.object({ subscription: UserSubscription.nullable() });
export type MySubscriptionResponse = z.infer<typeof MySubscriptionResponse>;

/** `GET /user_manga_coin_sales_subscriptions/me/by_status?status=`. */
export const MySubscriptionsResponse = z.object({ subscriptions: z.array(UserSubscription) });
export type MySubscriptionsResponse = z.infer<typeof MySubscriptionsResponse>;

export const SubscribeResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ACTIVE'),
    subscription: UserSubscription,
    granted: z.object({ coin: num, bonus: num, firstBonus: num, secondBonus: num, cycleBonus: num }),
    balance: num,
  }),
  z.object({
    status: z.literal('ENTRY'),
    subscription: UserSubscription,
    orderId: num,
    confirmUrl: z.string(),
    /** Stripe: the first payment's 3-D Secure, which the page confirms with Stripe.js (the subscription starts when Stripe says it succeeded). */
    clientSecret: z.string().optional(),
  }),
]);
export type SubscribeResult = z.infer<typeof SubscribeResult>;
