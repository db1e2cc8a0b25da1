import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@hondana/domain/common/errors';
import {
  CardBrand,
  type CardInput,
  type CardToken,
  SandboxTestCard,
  cardBrandOf,
  cardExpiryValid,
  passesLuhn,
} from '@hondana/domain/wallet/wallet-payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CardRegistration, PaymentOutcome } from './payment-provider';
import { findMemberSandboxCard, insertSandboxCard, insertSandboxCardToken, takeSandboxCardToken } from './payments.repository';

/**
 * The sandbox's cards: taken by its card endpoint (the page's card fields post there, never to the
 * store), then kept for the member who first pays with them, for charges made later without the
 * member (a subscription's renewal). Like a real provider's vault it answers with a card id;
 * unlike one it keeps no card number, only the brand, last four digits, expiry and how its test
 * card behaves.
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
function cardProblem(card: CardInput, now: Date): Failed | null {
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  if (!passesLuhn(card.number)) return failed(ErrorCode.CLIENT_ERROR, 'card: the number is not valid', brand, last4);
  if (!cardExpiryValid(card.expiry, now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, last4);
  if (brand === CardBrand.UNKNOWN) return failed(ErrorCode.UNSUPPORTED_CARD, 'card: this brand is not accepted', brand, last4);
  return null;
}

/** How the issuer answers a charge on this card number (SandboxTestCard). */
function sandboxBehaviour(number: string): string {
  if (number === SandboxTestCard.DECLINED) return Behaviour.DECLINED;
  if (number === SandboxTestCard.LIMIT_EXCEEDED) return Behaviour.LIMIT_EXCEEDED;
  return Behaviour.SUCCESS;
}

/** A charge's answer by the card's behaviour. */
function chargeByBehaviour(behaviour: string, brand: CardBrand | null, last4: string | null, ref: () => string): PaymentOutcome {
  if (behaviour === Behaviour.DECLINED) return failed(ErrorCode.DECLINED_CARD, 'card: declined by the issuer', brand, last4);
  if (behaviour === Behaviour.LIMIT_EXCEEDED)
    return failed(ErrorCode.USER_CREDIT_CARD_LIMIT_EXCEEDED, 'card: over its credit limit', brand, last4);
  return { kind: 'CAPTURED', providerRef: ref(), cardBrand: brand, cardLast4: last4 };
}

/**
 * `POST /sandbox/cards`: the sandbox's card endpoint takes the card (as a provider's card fields
 * do) and answers its id. A card that cannot be charged at all (a wrong number, expired, a brand
 * not accepted) is refused here with its code; a test card meant to fail later (declined, over
 * its limit) is taken and fails when it is charged, as an issuer's refusal does.
 */
export async function takeSandboxCard(db: Kysely<Database>, card: CardInput, now: Date): Promise<CardToken | Failed> {
  const problem = cardProblem(card, now);
  if (problem) return problem;
  const cardId = `card_${randomBytes(16).toString('base64url')}`;
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  await insertSandboxCardToken(db, {
    card_id: cardId,
    brand,
    last4,
    expiry: card.expiry,
    behaviour: sandboxBehaviour(card.number),
    created_at: now.getTime(),
  });
  return { cardId, brand, last4 };
}

/**
 * The member's card by its id: one the member paid with before, or one the card fields just took,
 * which becomes the member's kept card now (in the payment's transaction). Unknown, or another
 * member's: undefined.
 */
async function memberCard(trx: Trx, cardId: string, userId: number) {
  const kept = await findMemberSandboxCard(trx, cardId, userId);
  if (kept) return kept;
  const taken = await takeSandboxCardToken(trx, cardId);
  // Another payment of the member's may have taken it meanwhile (it waited for that one's commit).
  if (!taken) return findMemberSandboxCard(trx, cardId, userId);
  const card = { ...taken, user_id: userId };
  await insertSandboxCard(trx, card);
  return card;
}

/** Keeps the card for the member's later charges (a subscription), refusing an unknown or expired one. */
export async function registerSandboxCard(
  trx: Trx,
  { userId, cardId, now }: { userId: number; cardId: string; now: Date },
): Promise<CardRegistration> {
  const card = await memberCard(trx, cardId, userId);
  if (!card) return failed(ErrorCode.INVALID_CARD_ID, 'cardId: no such card', null, null);
  const brand = card.brand as CardBrand;
  if (!cardExpiryValid(card.expiry, now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, card.last4);
  return { kind: 'REGISTERED', cardId, cardBrand: brand, cardLast4: card.last4 };
}

/** Charges a card of the member: unknown or another member's card is INVALID_CARD_ID; an expired one is refused. */
export async function chargeSandboxCard(
  trx: Trx,
  { cardId, userId, now }: { cardId: string; userId: number; now: Date },
  ref: () => string,
): Promise<PaymentOutcome> {
  const card = await memberCard(trx, cardId, userId);
  if (!card) return failed(ErrorCode.INVALID_CARD_ID, 'cardId: no such card', null, null);
  const brand = card.brand as CardBrand;
  if (!cardExpiryValid(card.expiry, now)) return failed(ErrorCode.CLIENT_ERROR, 'card: expired', brand, card.last4);
  return chargeByBehaviour(card.behaviour, brand, card.last4, ref);
}
