import { AppError, type ErrorBody, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { type SubscriptionStatus, cycleGrant } from '@hondana/domain/subscriptions/subscription-cycles';
import { type SubscriptionPaymentType, essentiallyFree, goodValuePlan } from '@hondana/domain/subscriptions/subscription-plans';
import type {
  CardSubscribeBody,
  CarrierSubscribeBody,
  GoodValueAppeal,
  SubscribeResult,
  MySubscriptionResponse,
  MySubscriptionsResponse,
  SubscriptionPlan,
  SubscriptionPlansResponse,
  UserSubscription,
} from '@hondana/domain/subscriptions/subscriptions-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { isStripeProvider } from '../../../payments/stripe-provider';
import { MAX_MANGA_COIN_POSSESSION } from '../coin-purchase.service';
import { balance } from '../../ledger/ledger';
import { lockMember } from '../../ledger/member-lock';
import { type StoredResponse, withOneTimeToken } from '../../tokens/one-time-tokens';
import { chargeCycle } from './subscription-billing.service';
import { planTerms, planView, subscriptionView } from './subscription-views';
import * as repo from './subscriptions.repository';

/** The one-time tokens of `/manga_coin_sales_subscription_plans/create_token` (subscribe and cancel). */
export const SUBSCRIPTION_TOKEN_PURPOSE = 'manga_coin_subscription';

type Trx = Transaction<Database>;
const fail = (errorCode: ErrorCode, message: string) => new AppError(400, errorCode, [message]);

/** `GET /manga_coin_sales_subscription_plans`: the plans of a payment type, the good-value one marked. */
export async function plans(db: Kysely<Database>, paymentType: SubscriptionPaymentType, now: number): Promise<SubscriptionPlansResponse> {
  const rows = await repo.plansFor(db, paymentType, now);
  const best = goodValuePlan(rows.map((r) => ({ id: r.id, ...planTerms(r) })));
  return { paymentType, plans: rows.map((r) => planView(r, paymentType, best?.id ?? null)) };
}

/** `GET /manga_coin_sales_subscription_plans/{id}`. */
export async function plan(db: Kysely<Database>, id: number, paymentType: SubscriptionPaymentType, now: number): Promise<SubscriptionPlan> {
  const list = await plans(db, paymentType, now);
  const found = list.plans.find((p) => p.id === id);
  if (!found) throw notFound('plan');
  return found;
}

/**
 * `/appeal/good_value` (§3 Good-value appeal): the good-value plan of the payment type for a
 * guest or a member without a subscription (ACTIVE); SUBSCRIBED for a member who holds one, and
 * UNAVAILABLE when no plan has a bonus, both with no plan (the teaser hides).
 */
export async function goodValueAppeal(
  db: Kysely<Database>,
  userId: number | null,
  paymentType: SubscriptionPaymentType,
  now: number,
): Promise<GoodValueAppeal> {
  const loggedIn = userId !== null;
  const [list, live, flags] = await Promise.all([
    plans(db, paymentType, now),
    userId === null ? undefined : repo.liveSubscription(db, userId),
    userId === null ? { first: false, second: false } : repo.memberBonusFlags(db, userId),
  ]);
  const best = list.plans.find((p) => p.goodValueFlg);
  if (live) return { status: 'SUBSCRIBED', loggedIn, essentiallyFreeFlg: false, plan: null };
  if (!best) return { status: 'UNAVAILABLE', loggedIn, essentiallyFreeFlg: false, plan: null };
  const { id, name, coin, cycleBonus, firstBonus, taxIncludedPrice, bonusPercentage } = best;
  return {
    status: 'ACTIVE',
    loggedIn,
    essentiallyFreeFlg: essentiallyFree(best, flags.first),
    plan: { id, name, coin, cycleBonus, firstBonus, taxIncludedPrice, bonusPercentage, paymentType },
  };
}

export interface SubscribeInput {
  token: string;
  userId: number;
  planId: number;
  paymentType: SubscriptionPaymentType;
  body: CardSubscribeBody | CarrierSubscribeBody;
  now: Date;
}

/**
 * `POST /manga_coin_sales_subscription_plans[/docomo|/softbank]/{id}`: subscribes once per token.
 * Under the member's row lock: one live subscription per member (POSSESSION_LIMIT), the
 * possession cap (COIN_POSESSION_OVER), then the first cycle is charged. A card is charged at
 * once (ACTIVE with the coins, or 400 SIMPLY_CREDIT_CARD_ERROR with the subscription in ERROR);
 * a carrier answers ENTRY with its confirmation page.
 */
export function subscribe(
  db: Kysely<Database>,
  provider: PaymentProvider,
  input: SubscribeInput,
): Promise<StoredResponse<SubscribeResult | ErrorBody>> {
  const { body, userId, paymentType } = input;
  const request = {
    action: 'subscribe',
    plan: input.planId,
    paymentType,
    cardId: 'cardId' in body ? body.cardId : undefined,
    coin: body.coin,
    firstBonus: body.firstBonus,
    cycleBonus: body.cycleBonus,
    returnUrl: 'returnUrl' in body ? body.returnUrl : undefined,
  };
  const now = input.now.getTime();
  return withOneTimeToken<SubscribeResult | ErrorBody>(
    db,
    { token: input.token, userId, purpose: SUBSCRIPTION_TOKEN_PURPOSE, request, now },
    async (trx) => {
      const row = await repo.planFor(trx, input.planId, paymentType, now);
      if (!row) throw fail(ErrorCode.SIMPLY_SUBSCRIBE_ERROR, 'id: no such plan for this payment type');
      if (body.coin !== row.coin || body.firstBonus !== row.first_bonus || body.cycleBonus !== row.cycle_bonus) {
        throw fail(ErrorCode.SIMPLY_SUBSCRIBE_ERROR, 'coin: the plan is no longer what was shown');
      }
      if (provider.underMaintenance(paymentType)) throw fail(ErrorCode.PAYMENT_MAINTENANCE, 'payment: under maintenance');
      await lockMember(trx, userId);
      if (await repo.liveSubscription(trx, userId)) throw fail(ErrorCode.POSSESSION_LIMIT, 'subscription: the member already holds one');
      const flags = await repo.memberBonusFlags(trx, userId);
      const first = cycleGrant(planTerms(row), { firstBonusFlg: flags.first, secondBonusFlg: flags.second });
      if ((await balance(trx, userId, 'MANGA_COIN', now)) + first.coin + first.bonus > MAX_MANGA_COIN_POSSESSION) {
        throw fail(ErrorCode.COIN_POSESSION_OVER, `balance: at most ${MAX_MANGA_COIN_POSSESSION} manga coins`);
      }
      let kept: KeptCard | null = null;
      // Stripe (issue 39): the card is saved and charged after this transaction (stripe-renewals.ts `finishStripeSubscription`).
      const deferred = isStripeProvider(provider) && paymentType === 'creditcard';
      if (deferred) kept = { cardId: (body as CardSubscribeBody).cardId, brand: null, last4: null };
      else if (paymentType === 'creditcard') {
        const card = await keptCard(trx, provider, userId, body as CardSubscribeBody, input.now);
        if ('errorCode' in card) return { status: 400, body: card };
        kept = card;
      }
      const subscriptionId = await insertEntry(trx, { userId, row, paymentType, kept, flags, now });
      const sub = (await repo.subscriptionById(trx, subscriptionId))!;
      const returnUrl = 'returnUrl' in body ? body.returnUrl : '/mangacoin/subscription';
      const charged = await chargeCycle(trx, provider, sub, { recurring: false, returnUrl, now: input.now, deferred });
      if (charged.kind === 'DECLINED') {
        await repo.updateSubscriptionFrom(trx, sub.id, ['ENTRY'], {
          status: 'ERROR',
          failure_code: charged.errorCode,
          closed_at: now,
          updated_at: now,
        });
        const errorCode = paymentType === 'creditcard' ? ErrorCode.SIMPLY_CREDIT_CARD_ERROR : ErrorCode.SIMPLY_SUBSCRIBE_ERROR;
        return { status: 400, body: { errorCode, messages: [`${charged.errorCode}: ${charged.message}`] } };
      }
      const view = subscriptionView((await repo.subscriptionById(trx, sub.id))!, row.name);
      if (charged.kind === 'PENDING')
        return { body: { status: 'ENTRY', subscription: view, orderId: charged.orderId, confirmUrl: charged.confirmUrl } };
      const { coin, bonus, firstBonus, secondBonus, cycleBonus } = charged.grant;
      return {
        body: {
          status: 'ACTIVE',
          subscription: view,
          granted: { coin, bonus, firstBonus, secondBonus, cycleBonus },
          balance: charged.balance,
        },
      };
    },
  );
}

type KeptCard = { cardId: string; brand: string | null; last4: string | null };

/** The card to charge, kept by the provider for the renewals: one it keeps already, or the one its card fields just took. */
async function keptCard(
  trx: Trx,
  provider: PaymentProvider,
  userId: number,
  body: CardSubscribeBody,
  now: Date,
): Promise<KeptCard | ErrorBody> {
  const registered = await provider.registerCard(trx, { userId, cardId: body.cardId, now });
  if (registered.kind === 'FAILED') {
    return { errorCode: ErrorCode.SIMPLY_CREDIT_CARD_ERROR, messages: [`${registered.errorCode}: ${registered.message}`] };
  }
  return { cardId: registered.cardId, brand: registered.cardBrand, last4: registered.cardLast4 };
}

async function insertEntry(
  trx: Trx,
  input: {
    userId: number;
    row: repo.PlanRow;
    paymentType: SubscriptionPaymentType;
    kept: KeptCard | null;
    flags: { first: boolean; second: boolean };
    now: number;
  },
): Promise<number> {
  const { row, kept, now } = input;
  try {
    return await repo.insertSubscription(trx, {
      user_id: input.userId,
      plan_id: row.id,
      payment_type: input.paymentType,
      status: 'ENTRY',
      card_id: kept?.cardId ?? null,
      card_brand: kept?.brand ?? null,
      card_last4: kept?.last4 ?? null,
      ...{
        coin: row.coin,
        tax_included_price: row.tax_included_price,
        first_bonus: row.first_bonus,
        second_bonus: row.second_bonus,
        cycle_bonus: row.cycle_bonus,
      },
      payment_count: 0,
      first_bonus_flg: input.flags.first ? 1 : 0,
      second_bonus_flg: input.flags.second ? 1 : 0,
      anchor_at: null,
      renewal_at: null,
      next_attempt_at: null,
      retry_count: 0,
      failure_code: null,
      created_at: now,
      updated_at: now,
      cancelled_at: null,
      closed_at: null,
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw fail(ErrorCode.POSSESSION_LIMIT, 'subscription: the member already holds one');
    throw error;
  }
}

/**
 * `DELETE /manga_coin_sales_subscription_plans/{id}`: cancels the member's live subscription of
 * the plan, once per token. No renewal follows; coins already granted stay; a paid month runs
 * to its end (endDatetime). Nothing to cancel is SIMPLY_UNSUBSCRIBE_ERROR.
 */
export function cancel(
  db: Kysely<Database>,
  input: { token: string; userId: number; planId: number; now: Date },
): Promise<StoredResponse<UserSubscription>> {
  const now = input.now.getTime();
  const request = { action: 'cancel', plan: input.planId };
  return withOneTimeToken<UserSubscription>(
    db,
    { token: input.token, userId: input.userId, purpose: SUBSCRIPTION_TOKEN_PURPOSE, request, now },
    async (trx) => {
      const live = await repo.liveSubscription(trx, input.userId);
      if (!live || live.plan_id !== input.planId)
        throw fail(ErrorCode.SIMPLY_UNSUBSCRIBE_ERROR, 'id: no subscription of this plan to cancel');
      const changes = { status: 'CANCEL', cancelled_at: now, closed_at: now, next_attempt_at: null, updated_at: now } as const;
      if (!(await repo.updateSubscriptionFrom(trx, live.id, ['ENTRY', 'ACTIVE', 'ERROR'], changes))) {
        throw fail(ErrorCode.SIMPLY_UNSUBSCRIBE_ERROR, 'id: the subscription changed, try again');
      }
      return { body: await viewOf(trx, (await repo.subscriptionById(trx, live.id))!) };
    },
  );
}

async function viewOf(db: Kysely<Database> | Trx, row: repo.SubscriptionRow, withCycles = false): Promise<UserSubscription> {
  const [planRow, cycles] = await Promise.all([repo.planById(db, row.plan_id), withCycles ? repo.cyclesOf(db, row.id) : undefined]);
  return subscriptionView(row, planRow?.name ?? '', cycles);
}

/** `GET /user_manga_coin_sales_subscriptions/me?id=`: the member's latest subscription of plan `id`, or null. */
export async function memberSubscriptionOfPlan(db: Kysely<Database>, userId: number, planId: number): Promise<MySubscriptionResponse> {
  const row = await repo.memberSubscriptionOfPlan(db, userId, planId);
  return { subscription: row ? await viewOf(db, row) : null };
}

/** `GET /user_manga_coin_sales_subscriptions/me/{id}`: one of the member's subscriptions with its cycles. */
export async function memberSubscription(db: Kysely<Database>, userId: number, id: number): Promise<UserSubscription> {
  const row = await repo.subscriptionById(db, id);
  if (!row || row.user_id !== userId) throw notFound('subscription');
  return viewOf(db, row, true);
}

/** `GET /user_manga_coin_sales_subscriptions/me/by_status?status=`: newest first. */
export async function memberSubscriptionsByStatus(
  db: Kysely<Database>,
  userId: number,
  statuses: readonly SubscriptionStatus[],
): Promise<MySubscriptionsResponse> {
  const rows = await repo.memberSubscriptionsByStatus(db, userId, statuses);
  const planRows = await repo.plansByIds(
    db,
    rows.map((r) => r.plan_id),
  );
  return { subscriptions: rows.map((r) => subscriptionView(r, planRows.get(r.plan_id)?.name ?? '')) };
}
