import type { ErrorCode } from '@hondana/domain/common/errors';
import type { CardBrand, CoinPaymentMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What the store asks of a payment provider. A card payment is decided at once; a
 * carrier or wallet payment sends the member to the provider's confirmation page, and the
 * provider reports the member's decision through `PaymentDecisionHandler`. Coins are granted
 * only on a CAPTURED outcome or an approved decision.
 */
export interface PaymentRequest {
  orderId: number;
  userId: number;
  method: CoinPaymentMethod;
  amountYen: number;
  /**
   * The card to charge (creditcard): its id at the provider, from the provider's card fields or a
   * card it keeps for the member. The store never sees the card itself.
   */
  cardId?: string | undefined;
  /**
   * A later charge of a continuous billing the member agreed to on its first payment (a
   * subscription's renewal): decided at once, with no confirmation page.
   */
  recurring?: boolean | undefined;
  /** Same-origin path the confirmation page returns to. */
  returnUrl: string;
  now: Date;
}

export type PaymentOutcome =
  | { kind: 'CAPTURED'; providerRef: string; cardBrand: CardBrand | null; cardLast4: string | null }
  | { kind: 'REDIRECT'; providerRef: string; confirmUrl: string }
  | { kind: 'FAILED'; errorCode: ErrorCode; message: string; cardBrand: CardBrand | null; cardLast4: string | null };

/** A card the provider now keeps for later charges, or why it refused it. */
export type CardRegistration =
  { kind: 'REGISTERED'; cardId: string; cardBrand: CardBrand; cardLast4: string } | Extract<PaymentOutcome, { kind: 'FAILED' }>;

export interface PaymentProvider {
  readonly name: string;
  /**
   * How long the provider's confirmation page waits for the member's decision (a carrier's time
   * limit). A payment left undecided longer ends as not approved (`expired`), decided by the
   * provider even when the member never comes back (the sandbox's expiry job).
   */
  readonly confirmationTtlMs: number;
  /** §4 maintenance mode "pay": the method cannot be used now (PAYMENT_MAINTENANCE). */
  underMaintenance(method: CoinPaymentMethod): boolean;
  /** Starts a payment inside the store's transaction (the order row exists already). */
  start(trx: Transaction<Database>, request: PaymentRequest): Promise<PaymentOutcome>;
  /** Keeps a card (by its id) for the member's later charges (subscriptions), checking it as a charge would. */
  registerCard(trx: Transaction<Database>, request: { userId: number; cardId: string; now: Date }): Promise<CardRegistration>;
  /**
   * Gives back (part of) an order's payment: called after the cancellation's transaction, never
   * inside one. `attempt` counts the store's tries for the order (1 the first); a later try first
   * looks for a refund an earlier one made, so an order is refunded once.
   */
  refund(db: Kysely<Database>, request: RefundRequest): Promise<RefundOutcome>;
}

interface RefundRequest {
  orderId: number;
  /** The provider's id of the payment (`orders.provider_ref`). */
  paymentRef: string | null;
  amountYen: number;
  attempt: number;
  now: Date;
}

/** REFUNDED: the provider took the refund (Stripe: succeeded or pending at the card network). */
type RefundOutcome = { kind: 'REFUNDED'; refundRef: string } | { kind: 'FAILED'; message: string };

/** How the store hears of a member's approval or cancellation on the provider's page. */
export type PaymentDecisionHandler = (
  trx: Transaction<Database>,
  /**
   * `expired`: the member did not decide within the provider's time limit (treated as not approved).
   * `resultError`: the member approved but the carrier's purchase result came back failed (not
   * approved either: nothing is granted; the order ends PURCHASE_RESULT_ERROR).
   */
  decision: { orderId: number; approved: boolean; expired?: boolean; resultError?: boolean; now: number },
) => Promise<void>;
