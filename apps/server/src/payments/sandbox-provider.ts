import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@hondana/domain/common/errors';
import type { CardBrand, CoinPaymentMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PaymentOutcome, PaymentProvider, PaymentRequest } from './payment-provider';
import { findSandboxRefund, insertSandboxPayment, recordSandboxRefund } from './payments.repository';
import { chargeSandboxCard, registerSandboxCard } from './sandbox-cards';

/**
 * The `sandbox` provider: an honest simulation with no money moving. Cards reach it by the id its
 * card endpoint answered (`POST /sandbox/cards`, sandbox-card.routes.ts) and are decided by the
 * test card they were (SandboxTestCard: one succeeds, one is declined, one is over its limit);
 * refunds are recorded (`sandbox_refunds`), one per order;
 * carriers and wallets (docomo, au, softbank, paypay, linepay, rakutenpay) wait for the member on the sandbox's confirmation page (sandbox.routes.ts).
 */
/** A payment not decided within 30 minutes expires: approving it then cancels it instead. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60 * 1000;

interface SandboxOptions {
  /** Methods under maintenance (env SANDBOX_MAINTENANCE=paypay,au). */
  maintenance?: readonly string[];
  /** The confirmation page's time limit (env SANDBOX_PAYMENT_TTL_MS; 30 minutes by default). */
  confirmationTtlMs?: number;
}

export function createSandboxProvider(options: SandboxOptions = {}): PaymentProvider {
  const maintenance = new Set(options.maintenance ?? []);
  return {
    name: 'sandbox',
    confirmationTtlMs: options.confirmationTtlMs ?? SANDBOX_PAYMENT_TTL_MS,
    // Konbini is Stripe's only (issue 39): the sandbox does not offer it.
    underMaintenance: (method: CoinPaymentMethod) => method === 'konbini' || maintenance.has(method),
    start: (trx, request) => {
      if (request.method !== 'creditcard') return request.recurring ? captureRecurring() : awaitConfirmation(trx, request);
      if (!request.cardId) return Promise.resolve(failed(ErrorCode.CLIENT_ERROR, 'cardId: is required', null, null));
      return chargeSandboxCard(trx, { cardId: request.cardId, userId: request.userId, now: request.now }, () => newRef('ch'));
    },
    registerCard: registerSandboxCard,
    // No money moves: the refund is recorded, once per order (a later try finds the first).
    refund: async (db, request) => {
      const ref = newRef('rf');
      await recordSandboxRefund(db, {
        ref,
        order_id: request.orderId,
        payment_ref: request.paymentRef,
        amount_yen: request.amountYen,
        created_at: request.now.getTime(),
      });
      const made = await findSandboxRefund(db, request.orderId);
      return made ? { kind: 'REFUNDED', refundRef: made.ref } : { kind: 'FAILED', message: 'refund: not recorded' };
    },
  };
}

export const sandboxMaintenanceFromEnv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `SANDBOX_PAYMENT_TTL_MS`: a shorter time limit lets a journey see an abandoned payment end (1 s to 1 day). */
export function sandboxTtlFromEnv(value = process.env.SANDBOX_PAYMENT_TTL_MS): number {
  if (value === undefined || value === '') return SANDBOX_PAYMENT_TTL_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000 || ms > 86_400_000)
    throw new Error(`SANDBOX_PAYMENT_TTL_MS must be a whole number of milliseconds from 1000 to 86400000, not "${value}"`);
  return ms;
}

const newRef = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

/** A carrier's continuous billing, agreed on its page at the first payment, is charged at once afterwards. */
const captureRecurring = async (): Promise<PaymentOutcome> => ({
  kind: 'CAPTURED',
  providerRef: newRef('ch'),
  cardBrand: null,
  cardLast4: null,
});

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
