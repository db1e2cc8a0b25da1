/**
 * The serial last page of §2 and its message and main action of §4, as pure choices.
 */
import { type Recovery, SpendType, recoveryTime } from './serials';

/** What the suggestion call says comes after the episode just read. */
type NextEpisode =
  | { kind: 'episode'; id: number; spendType: SpendType | null; renting: boolean }
  /** The current episode is the serial's last one and the serial is complete. */
  | { kind: 'last' }
  /** Distribution has ended (the serial or the next episode expired). */
  | { kind: 'expired' }
  /** The next episode exists but is not released yet, or none is announced. */
  | { kind: 'waiting' };

export type SerialLastPage =
  { kind: 'none' } | { kind: 'next'; episodeId: number } | { kind: 'lastEpisode' } | { kind: 'expired' } | { kind: 'notDelivered' };

/**
 * §2: nothing when the suggested episode's spend type is none, or the member is renting and
 * the suggestion is the current episode; else the next-episode page or one of the variants
 * 最終エピソード, 続きは配信終了しています, 続きは配信待ち.
 */
export function chooseSerialLastPage(next: NextEpisode, currentEpisodeId: number): SerialLastPage {
  switch (next.kind) {
    case 'last':
      return { kind: 'lastEpisode' };
    case 'expired':
      return { kind: 'expired' };
    case 'waiting':
      return { kind: 'notDelivered' };
    case 'episode':
      if (next.spendType === null) return { kind: 'none' };
      if (next.renting && next.id === currentEpisodeId) return { kind: 'none' };
      return { kind: 'next', episodeId: next.id };
  }
}

export interface LastPageState {
  loggedIn: boolean;
  /** The suggested episode's personalised spend type; null when unknown. */
  spendType: SpendType | null;
  /** The suggested episode is within its rental term. */
  renting: boolean;
  price: number;
  /** Special tickets held and the time to the next one. */
  ticketAmount: number;
  ticketRemainingMs: number;
  /** The serial's normal ticket and the time until it is back. */
  charged: boolean;
  chargeRemainingMs: number;
}

type LastPageMessage =
  | { kind: 'free' }
  | { kind: 'rent' }
  | { kind: 'ticketLeft'; amount: number }
  | { kind: 'ticketWait'; recovery: Recovery }
  | { kind: 'chargeDaily' }
  | { kind: 'chargeWait'; recovery: Recovery }
  | { kind: 'guest' }
  | { kind: 'unknown' };

/** §4 header message by spend type. */
export function lastPageMessage(s: LastPageState): LastPageMessage {
  if (s.spendType === SpendType.FREE || s.renting) return { kind: 'free' };
  if (!s.loggedIn) return { kind: 'guest' };
  switch (s.spendType) {
    case SpendType.PAYMENT:
      return { kind: 'rent' };
    case SpendType.TICKET:
      return s.ticketAmount > 0
        ? { kind: 'ticketLeft', amount: s.ticketAmount }
        : { kind: 'ticketWait', recovery: recoveryTime(s.ticketRemainingMs) };
    case SpendType.CHARGE:
      return s.charged ? { kind: 'chargeDaily' } : { kind: 'chargeWait', recovery: recoveryTime(s.chargeRemainingMs) };
    default:
      return { kind: 'unknown' };
  }
}

type MainAction = 'signup' | 'read' | 'useTicket' | 'coinAppeal' | 'confirmPayment' | 'reload';

/**
 * §4 main action: a guest starts one-tap signup; free (or rented) goes to the reader; a held
 * ticket is used; coin payment opens the appeal dialog when paying with Ameba coin (COIN) and
 * the balance is short, else the payment confirm dialog; an unknown spend type shows reload.
 */
export function lastPageMainAction(s: LastPageState & { paymentType: 'COIN' | 'MANGA_COIN'; balance: number }): MainAction {
  if (s.spendType === SpendType.FREE || s.renting) return 'read';
  if (s.spendType === null || ![SpendType.CHARGE, SpendType.PAYMENT, SpendType.TICKET].includes(s.spendType)) return 'reload';
  if (!s.loggedIn) return 'signup';
  if (s.spendType === SpendType.CHARGE && s.charged) return 'useTicket';
  if (s.spendType === SpendType.TICKET && s.ticketAmount > 0) return 'useTicket';
  if (s.paymentType === 'COIN' && s.balance < s.price) return 'coinAppeal';
  return 'confirmPayment';
}

/** §4: with no Ameba coin held and COIN as default, the payment type switches to MANGA_COIN. */
export const effectivePaymentType = (defaultType: 'COIN' | 'MANGA_COIN', coinBalance: number): 'COIN' | 'MANGA_COIN' =>
  defaultType === 'COIN' && coinBalance === 0 ? 'MANGA_COIN' : defaultType;
