import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@hondana/domain/common/errors';
import {
  CardBrand,
  type CoinPaymentMethod,
  SandboxTestCard,
  cardBrandOf,
  cardExpiryValid,
  passesLuhn,
} from '@hondana/domain/wallet/wallet-payments';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PaymentOutcome, PaymentProvider, PaymentRequest } from './payment-provider';
import { insertSandboxPayment } from './payments.repository';
import { chargeSandboxCard, registerSandboxCard } from './sandbox-cards';

/**
 * The `sandbox` provider: an honest simulation with no money moving. Cards are decided by their
 * number (SandboxTestCard: one succeeds, one is declined, one is over its limit, an unknown
 * brand is unsupported); carriers and wallets (docomo, au, softbank, paypay, linepay,
 * rakutenpay) wait for the member on the sandbox's confirmation page (sandbox.routes.ts).
 */
export interface SandboxOptions {
  /** Methods under maintenance (env SANDBOX_MAINTENANCE=paypay,au). */
  maintenance?: readonly string[];
}

export function createSandboxProvider(options: SandboxOptions = {}): PaymentProvider {
  const maintenance = new Set(options.maintenance ?? []);
  return {
    name: 'sandbox',
    underMaintenance: (method: CoinPaymentMethod) => maintenance.has(method),
    start: (trx, request) => {
      if (request.method !== 'creditcard') return request.recurring ? captureRecurring() : awaitConfirmation(trx, request);
      return request.cardId ? chargeSandboxCard(trx, { cardId: request.cardId, userId: request.userId, now: request.now }, () => newRef('ch')) : chargeCard(request);
    },
    registerCard: registerSandboxCard,
  };
}

export const sandboxMaintenanceFromEnv = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

const newRef = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

/** A carrier's continuous billing, agreed on its page at the first payment, is charged at once afterwards. */
const captureRecurring = async (): Promise<PaymentOutcome> => ({ kind: 'CAPTURED', providerRef: newRef('ch'), cardBrand: null, cardLast4: null });

async function chargeCard(request: PaymentRequest): Promise<PaymentOutcome> {
  const card = request.card;
  if (!card) return failed(ErrorCode.CLIENT_ERROR, 'card: is required', null, null);
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  if (!passesLuhn(card.number)) return failed(ErrorCode.CLIENT_ERROR, 'card: the number is not valid', brand, last4);
  if (!cardExpiryValid(card.expiry, request.now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, last4);
  if (brand === CardBrand.UNKNOWN) return failed(ErrorCode.UNSUPPORTED_CARD, 'card: this brand is not accepted', brand, last4);
  if (card.number === SandboxTestCard.DECLINED) return failed(ErrorCode.DECLINED_CARD, 'card: declined by the issuer', brand, last4);
  if (card.number === SandboxTestCard.LIMIT_EXCEEDED) {
    return failed(ErrorCode.USER_CREDIT_CARD_LIMIT_EXCEEDED, 'card: over its credit limit', brand, last4);
  }
  return { kind: 'CAPTURED', providerRef: newRef('ch'), cardBrand: brand, cardLast4: last4 };
}

const failed = (errorCode: ErrorCode, message: string, cardBrand: CardBrand | null, cardLast4: string | null): PaymentOutcome => ({
  kind: 'FAILED',
  errorCode,
  message,
  cardBrand,
  cardLast4,
});

async function awaitConfirmation(trx: Transaction<Database>, request: PaymentRequest): Promise<PaymentOutcome> {
  const ref = newRef('sp');
  await insertSandboxPayment(trx, {
    ref,
    order_id: request.orderId,
    method: request.method,
    amount_yen: request.amountYen,
    status: 'PENDING',
    return_url: request.returnUrl,
    created_at: request.now.getTime(),
    decided_at: null,
  });
  return { kind: 'REDIRECT', providerRef: ref, confirmUrl: `/api/sandbox/payments/${ref}` };
}
