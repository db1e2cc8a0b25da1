import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@hondana/domain/common/errors';
import { CardBrand, type CardInput, SandboxTestCard, cardBrandOf, cardExpiryValid, passesLuhn } from '@hondana/domain/wallet/wallet-payments';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CardRegistration, PaymentOutcome } from './payment-provider';
import { findMemberSandboxCard, insertSandboxCard } from './payments.repository';

/**
 * The sandbox's kept cards, for charges made later without the member (a subscription's
 * renewal). Like a real provider's vault it answers with a card id; unlike one it keeps no card
 * number, only the brand, last four digits, expiry and how its test card behaves.
 */
type Trx = Transaction<Database>;
type Failed = Extract<PaymentOutcome, { kind: 'FAILED' }>;

const Behaviour = { SUCCESS: 'SUCCESS', DECLINED: 'DECLINED', LIMIT_EXCEEDED: 'LIMIT_EXCEEDED' } as const;

const failed = (errorCode: ErrorCode, message: string, cardBrand: CardBrand | null, cardLast4: string | null): Failed => ({
  kind: 'FAILED',
  errorCode,
  message,
  cardBrand,
  cardLast4,
});

/** What is wrong with a card before any charge (number, expiry, brand), or null. */
export function cardProblem(card: CardInput, now: Date): Failed | null {
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  if (!passesLuhn(card.number)) return failed(ErrorCode.CLIENT_ERROR, 'card: the number is not valid', brand, last4);
  if (!cardExpiryValid(card.expiry, now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, last4);
  if (brand === CardBrand.UNKNOWN) return failed(ErrorCode.UNSUPPORTED_CARD, 'card: this brand is not accepted', brand, last4);
  return null;
}

/** How the issuer answers a charge on this card number (SandboxTestCard). */
export function sandboxBehaviour(number: string): string {
  if (number === SandboxTestCard.DECLINED) return Behaviour.DECLINED;
  if (number === SandboxTestCard.LIMIT_EXCEEDED) return Behaviour.LIMIT_EXCEEDED;
  return Behaviour.SUCCESS;
}

/** A charge's answer by the card's behaviour. */
export function chargeByBehaviour(behaviour: string, brand: CardBrand | null, last4: string | null, ref: () => string): PaymentOutcome {
  if (behaviour === Behaviour.DECLINED) return failed(ErrorCode.DECLINED_CARD, 'card: declined by the issuer', brand, last4);
  if (behaviour === Behaviour.LIMIT_EXCEEDED) return failed(ErrorCode.USER_CREDIT_CARD_LIMIT_EXCEEDED, 'card: over its credit limit', brand, last4);
  return { kind: 'CAPTURED', providerRef: ref(), cardBrand: brand, cardLast4: last4 };
}

export async function registerSandboxCard(trx: Trx, { userId, card, now }: { userId: number; card: CardInput; now: Date }): Promise<CardRegistration> {
  const problem = cardProblem(card, now);
  if (problem) return problem;
  const cardId = `card_${randomBytes(16).toString('base64url')}`;
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  await insertSandboxCard(trx, { card_id: cardId, user_id: userId, brand, last4, expiry: card.expiry, behaviour: sandboxBehaviour(card.number), created_at: now.getTime() });
  return { kind: 'REGISTERED', cardId, cardBrand: brand, cardLast4: last4 };
}

/** Charges a kept card of the member: unknown or another member's card is INVALID_CARD_ID; an expired one is refused. */
export async function chargeSandboxCard(
  trx: Trx,
  { cardId, userId, now }: { cardId: string; userId: number; now: Date },
  ref: () => string,
): Promise<PaymentOutcome> {
  const card = await findMemberSandboxCard(trx, cardId, userId);
  if (!card) return failed(ErrorCode.INVALID_CARD_ID, 'cardId: no such card', null, null);
  const brand = card.brand as CardBrand;
  if (!cardExpiryValid(card.expiry, now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, card.last4);
  return chargeByBehaviour(card.behaviour, brand, card.last4, ref);
}
