import { AppError, type ErrorBody, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { CoinPurchaseBody, CoinPurchaseAnswer, CoinPurchaseStatus, UnsettledCoinPurchase } from '@hondana/domain/wallet/wallet-api';
import { BONUS_COIN_VALID_DAYS, DEFAULT_POINT_VALID_DAYS, PAID_COIN_VALID_DAYS, expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import { type CoinPaymentMethod, paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentDecisionHandler, PaymentOutcome, PaymentProvider } from '../../payments/payment-provider';
import { isStripeProvider } from '../../payments/stripe-provider';
import type { MangaCoinItemsTable } from '../../db/wallet-schema';
import type { OrdersTable } from '../../db/orders-schema';
import { insertOrder, transitionOrder } from '../orders/order-rows';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import {
  activeCoinItem,
  coinItemPurchaseCount,
  coinOrder,
  coinOrderForDecision,
  latestCoinOrder,
  memberCoinOrder,
} from './coin-packs.repository';
import { balance, grant } from '../ledger/ledger';
import { lockMember } from '../ledger/member-lock';

export const COIN_PURCHASE_TOKEN_PURPOSE = 'manga_coin_purchase';
/** Most manga coins a member may hold (COIN_POSESSION_OVER beyond it; stated in the legal notice). */
export const MAX_MANGA_COIN_POSSESSION = 500_000;

type Trx = Transaction<Database>;
const fail = (errorCode: ErrorCode, message: string) => new AppError(400, errorCode, [message]);

/**
 * `POST /manga_coin/purchase`: buys a coin pack once per token. The order is written first; a
 * card is charged at once (coins granted in the same transaction), a carrier or wallet payment
 * waits in PROCESSING for the member on the provider's page. A failed card is stored as a
 * PAYMENT_ERROR order and answered 400 with its §8 code (a replay gets the same answer). With
 * Stripe the stored answer is PENDING: the route then charges outside the transaction
 * (`payCoinOrderWithStripe`).
 */
export function purchaseCoinPack(
  db: Kysely<Database>,
  provider: PaymentProvider,
  input: { token: string; userId: number; body: CoinPurchaseBody; now: Date },
): Promise<StoredResponse<CoinPurchaseAnswer | ErrorBody>> {
  const { body, userId } = input;
  if (body.paymentType === 'creditcard' && !body.cardId) throw badRequest('cardId', 'is required');
  // Stripe: every method it takes comes as the Payment Element's PaymentMethod.
  if (isStripeProvider(provider) && !provider.underMaintenance(body.paymentType) && !body.cardId) throw badRequest('cardId', 'is required');
  const now = input.now.getTime();
  const request = { item: body.itemId, method: body.paymentType, cardId: body.cardId ?? null, back: body.returnUrl };
  return withOneTimeToken<CoinPurchaseAnswer | ErrorBody>(
    db,
    { token: input.token, userId, purpose: COIN_PURCHASE_TOKEN_PURPOSE, request, now },
    async (trx) => {
      const item = await sellableItem(trx, userId, body.itemId, body.paymentType, now);
      if (provider.underMaintenance(body.paymentType)) throw fail(ErrorCode.PAYMENT_MAINTENANCE, 'payment: under maintenance');
      // Stripe: the order is written waiting (PROCESSING) and the money is asked for after this
      // transaction (`stripe-coin-payments.ts`); this stored answer is only the order's id.
      const outside = isStripeProvider(provider);
      const orderId = await insertOrder(trx, {
        user_id: userId,
        kind: 'MANGA_COIN',
        status: outside ? 'PROCESSING' : 'INCOMPLETE',
        payment_type: paymentTypeOfMethod[body.paymentType],
        total_price: item.tax_included_price,
        coin_item_id: item.id,
        coin: item.coin,
        bonus: item.bonus,
        bonus_point: item.bonus_point,
        created_at: now,
        updated_at: now,
      });
      if (outside) return { body: { status: 'PENDING', orderId } };
      const outcome = await provider.start(trx, {
        orderId,
        userId,
        method: body.paymentType,
        amountYen: item.tax_included_price,
        cardId: body.cardId,
        returnUrl: body.returnUrl,
        now: input.now,
      });
      return settle(trx, { orderId, userId, item, outcome, now });
    },
  );
}

/** Records what the provider said: PAYMENT_ERROR (400 with its code), PROCESSING (confirm page), or COMPLETE with the coins. */
async function settle(
  trx: Trx,
  {
    orderId,
    userId,
    item,
    outcome,
    now,
  }: { orderId: number; userId: number; item: Selectable<MangaCoinItemsTable>; outcome: PaymentOutcome; now: number },
): Promise<{ status?: number; body: CoinPurchaseAnswer | ErrorBody }> {
  if (outcome.kind === 'FAILED') {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PAYMENT_ERROR', now, {
      failure_code: outcome.errorCode,
      card_brand: outcome.cardBrand,
      card_last4: outcome.cardLast4,
    });
    return { status: 400, body: { errorCode: outcome.errorCode, messages: [outcome.message] } };
  }
  if (outcome.kind === 'REDIRECT') {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', now, { provider_ref: outcome.providerRef });
    return { body: { status: 'PROCESSING', orderId, confirmUrl: outcome.confirmUrl } };
  }
  await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', now, {
    provider_ref: outcome.providerRef,
    card_brand: outcome.cardBrand,
    card_last4: outcome.cardLast4,
  });
  await completeCoinOrder(trx, orderId, now);
  const mangaCoin = await balance(trx, userId, 'MANGA_COIN', now);
  return { body: { status: 'COMPLETE', orderId, coin: item.coin, bonus: item.bonus, bonusPoint: item.bonus_point, balance: mangaCoin } };
}

/**
 * The pack, if the member may buy it now: under its purchase limit and the possession cap. The
 * member's wallet lock is taken before counting, so the counts hold until this transaction has
 * written its order and coins (the lock subscriptions take for the same cap).
 */
async function sellableItem(trx: Trx, userId: number, itemId: number, method: CoinPaymentMethod, now: number) {
  const item = await activeCoinItem(trx, itemId);
  if (!item || !item.payment_methods.split(',').includes(method)) throw fail(ErrorCode.INVALID_COIN_SALES_ID, 'itemId: not sold');
  await lockMember(trx, userId);
  if (item.purchase_limit !== null) {
    if ((await coinItemPurchaseCount(trx, userId, item.id)) >= item.purchase_limit)
      throw fail(ErrorCode.POSSESSION_LIMIT, 'itemId: purchase limit reached');
  }
  const held = await balance(trx, userId, 'MANGA_COIN', now);
  if (held + item.coin + item.bonus > MAX_MANGA_COIN_POSSESSION) {
    throw fail(ErrorCode.COIN_POSESSION_OVER, `balance: at most ${MAX_MANGA_COIN_POSSESSION} manga coins`);
  }
  return item;
}

/**
 * PROCESSING → COMPLETE, granting the pack: paid coins (with their yen value and issue date),
 * bonus coins and bonus points, each a lot with its GRANT entry. Does nothing if the order was
 * no longer PROCESSING (already completed or cancelled).
 */
export async function completeCoinOrder(trx: Trx, orderId: number, now: number): Promise<boolean> {
  if (!(await transitionOrder(trx, orderId, 'PROCESSING', 'COMPLETE', now))) return false;
  const order = await coinOrder(trx, orderId);
  const base = { userId: order.user_id, orderId, now };
  await grant(trx, {
    ...base,
    currency: 'MANGA_COIN',
    amount: order.coin,
    paid: true,
    yenValue: order.total_price,
    expiresAt: expiryAfterDays(now, PAID_COIN_VALID_DAYS),
    reason: ledgerLine.coinPack(orderId),
  });
  if (order.bonus > 0) {
    await grant(trx, {
      ...base,
      currency: 'MANGA_COIN',
      amount: order.bonus,
      paid: false,
      expiresAt: expiryAfterDays(now, BONUS_COIN_VALID_DAYS),
      reason: ledgerLine.coinPackBonus(orderId),
    });
  }
  if (order.bonus_point > 0) {
    await grant(trx, {
      ...base,
      currency: 'POINT',
      amount: order.bonus_point,
      paid: false,
      expiresAt: expiryAfterDays(now, DEFAULT_POINT_VALID_DAYS),
      reason: ledgerLine.coinPackBonusPoints(orderId),
    });
  }
  return true;
}

/**
 * The provider's report of the member's decision on its confirmation page. An approval that
 * would now pass the possession cap (other packs or a subscription granted meanwhile) grants
 * nothing and ends GRANT_ERROR, as a subscription's carrier approval does: checked under the
 * member's wallet lock, like every cap check.
 */
export const onPaymentDecision: PaymentDecisionHandler = async (trx, { orderId, approved, expired, resultError, now }) => {
  if (approved) {
    const order = await coinOrderForDecision(trx, orderId);
    if (!order || order.status !== 'PROCESSING') return;
    await lockMember(trx, order.user_id);
    if ((await balance(trx, order.user_id, 'MANGA_COIN', now)) + order.coin + order.bonus > MAX_MANGA_COIN_POSSESSION) {
      await transitionOrder(trx, orderId, 'PROCESSING', 'GRANT_ERROR', now, { failure_code: ErrorCode.COIN_POSESSION_OVER });
      return;
    }
    await completeCoinOrder(trx, orderId, now);
  } else if (resultError)
    await transitionOrder(trx, orderId, 'PROCESSING', 'PURCHASE_RESULT_ERROR', now, { failure_code: 'PURCHASE_RESULT_ERROR' });
  // Left undecided past the provider's time limit (issue 34 item 9): cancelled, nothing charged.
  else if (expired) await transitionOrder(trx, orderId, 'PROCESSING', 'CANCEL', now, { failure_code: PAYMENT_EXPIRED });
  else await transitionOrder(trx, orderId, 'PROCESSING', 'CANCEL', now, { failure_code: 'CANCELLED_BY_USER' });
};

/** The failure code of a payment the member left undecided past the provider's time limit. */
export const PAYMENT_EXPIRED = 'PAYMENT_EXPIRED';
/** How long the coin shop mentions a payment that ended at its time limit. */
const EXPIRED_NOTICE_MS = 24 * 60 * 60 * 1000;

/** `/manga_coin/purchases/:order_id`: what became of a coin pack payment of the member. */
export async function coinPurchaseStatus(db: Kysely<Database>, userId: number, orderId: number): Promise<CoinPurchaseStatus> {
  const order = await memberCoinOrder(db, userId, orderId);
  if (!order) throw notFound('order');
  return statusOf(order);
}

/**
 * `/manga_coin/purchases/unsettled`: the member's latest coin pack order if it was paid on a
 * confirmation page and is waiting there (with its time limit) or ended at that limit within a day.
 */
/** The unsettled payment, and for a waiting one the provider's reference (its Stripe PaymentIntent, for the konbini voucher). */
export async function unsettledCoinPurchase(
  db: Kysely<Database>,
  userId: number,
  input: { ttlMs: number; now: number },
): Promise<UnsettledCoinPurchase & { providerRef: string | null }> {
  const order = await latestCoinOrder(db, userId);
  const confirmationPage = order !== undefined && order.payment_type !== paymentTypeOfMethod.creditcard;
  // A konbini voucher has its own time limit (days).
  if (confirmationPage && order.status === 'PROCESSING') {
    return {
      purchase: statusOf(order),
      expiresAt: order.payment_expires_at ?? order.created_at + input.ttlMs,
      voucher: null,
      providerRef: order.provider_ref,
    };
  }
  if (
    confirmationPage &&
    order.status === 'CANCEL' &&
    order.failure_code === PAYMENT_EXPIRED &&
    order.updated_at > input.now - EXPIRED_NOTICE_MS
  ) {
    return { purchase: statusOf(order), expiresAt: null, voucher: null, providerRef: null };
  }
  return { purchase: null, expiresAt: null, voucher: null, providerRef: null };
}

function statusOf(order: Selectable<OrdersTable>): CoinPurchaseStatus {
  const orderId = order.id;
  const method = (Object.entries(paymentTypeOfMethod).find(([, t]) => t === order.payment_type)?.[0] ?? 'creditcard') as CoinPaymentMethod;
  return {
    orderId,
    status: order.status,
    paymentType: method,
    itemId: order.coin_item_id ?? 0,
    coin: order.coin,
    bonus: order.bonus,
    bonusPoint: order.bonus_point,
    taxIncludedPrice: order.total_price,
    failureCode: order.failure_code,
    orderDatetime: order.created_at,
  };
}
