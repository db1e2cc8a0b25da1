/**
 * Serials: the rules of §4 "Serial flow", spend types, tickets and rentals (§9), as
 * pure functions of an instant. Server and web call these; nothing re-derives them.
 *
 * Tickets, per member:
 *  - normal ticket ("charge", 待てば無料): one per serial; after use it is back `chargeMinutes`
 *    later (default 23 h). Shown 0/1 or 1/1.
 *  - special ticket: one handed out at 7:00 and at 19:00 Asia/Tokyo, up to 3 held; any serial
 *    with `ticketUsable`. Guests see 3 of 3.
 *  - ad reward: refills a serial's normal ticket after a (simulated) ad, `AD_REWARD_MAX_AMOUNT`
 *    a day, back to full at 0:00 Asia/Tokyo.
 * Rentals last `rentalMinutes`, or forever when 0 (stored as `RENTAL_FOREVER`).
 */

/** Adult page types (オトナ女子, オトナ男子) are the adult categories of §4's gate. */
export const isAdultCategory = (category: string): boolean => category.startsWith('adult');

export const SpendType = { FREE: 0, CHARGE: 1, PAYMENT: 2, TICKET: 3 } as const;
export type SpendType = (typeof SpendType)[keyof typeof SpendType];

/** Rental payload paymentType (§9): 0 Ameba coin (COIN), 2 manga coin. */
export const RentalPaymentType = { COIN: 0, MANGA_COIN: 2 } as const;
export type RentalPaymentType = (typeof RentalPaymentType)[keyof typeof RentalPaymentType];

export const DEFAULT_CHARGE_MINUTES = 23 * 60;
export const TICKET_MAX_AMOUNT = 3;
export const AD_REWARD_MAX_AMOUNT = 3;
/** §9: special tickets are handed out at these hours, Asia/Tokyo. */
const SPECIAL_TICKET_HOURS = [7, 19] as const;
export const RECOMMENDED_SERIALS_LIMIT = 12;
export const CONTINUABLE_HISTORY_LIMIT = 12;
export const READ_MORE_LIMIT = 20;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Asia/Tokyo has kept UTC+9 without daylight saving since 1951, so its day and hour boundaries are fixed offsets. */
const TOKYO_OFFSET = 9 * HOUR;
const YEAR_300 = 300 * 365.2425 * DAY;
/** A permanent rental's end: 9999-12-31T23:59:59Z, more than 300 years away ("unlimited", §9). */
export const RENTAL_FOREVER = 253_402_300_799_000;

// —— normal ticket (charge) ————————————————————————————————————————————————

interface ChargeState {
  charged: boolean;
  /** 0 when charged. */
  chargeRemainingMilliSec: number;
  /** When the ticket is (or was) back; null when never used. */
  chargeFinishAt: number | null;
}

/** The normal ticket of one serial: used at `usedAt` (null never), back `chargeMinutes` later. */
export function chargeState(usedAt: number | null, chargeMinutes: number, now: number): ChargeState {
  if (usedAt === null) return { charged: true, chargeRemainingMilliSec: 0, chargeFinishAt: null };
  const finish = usedAt + chargeMinutes * MINUTE;
  return { charged: now >= finish, chargeRemainingMilliSec: Math.max(0, finish - now), chargeFinishAt: finish };
}

// —— special tickets (7:00 and 19:00 Tokyo) ————————————————————————————————

/** Index of the last 7:00/19:00 Tokyo hand-out at or before `t` (they are 12 h apart). */
const giveSlot = (t: number): number => Math.floor((t + TOKYO_OFFSET - SPECIAL_TICKET_HOURS[0] * HOUR) / (12 * HOUR));
const slotStart = (slot: number): number => slot * 12 * HOUR - TOKYO_OFFSET + SPECIAL_TICKET_HOURS[0] * HOUR;

/** Hand-outs in (from, to]. */
const ticketGivesBetween = (from: number, to: number): number => Math.max(0, giveSlot(to) - giveSlot(from));
/** The first hand-out after `now`. */
const nextTicketGive = (now: number): number => slotStart(giveSlot(now) + 1);

export interface TicketState {
  amount: number;
  maxAmount: number;
  nextGiveDate: number;
  remainingMilliSec: number;
}

/** Special tickets held at `now`, from the amount stored at `asOf` plus the hand-outs since. */
export function ticketState(stored: { amount: number; asOf: number } | null, now: number): TicketState {
  const amount = stored ? Math.min(TICKET_MAX_AMOUNT, stored.amount + ticketGivesBetween(stored.asOf, now)) : TICKET_MAX_AMOUNT;
  const next = nextTicketGive(now);
  return { amount, maxAmount: TICKET_MAX_AMOUNT, nextGiveDate: next, remainingMilliSec: next - now };
}

/** §9 guest default: 3 of 3. */
export const guestTicketState = (now: number): TicketState => ticketState(null, now);

// —— ad reward (0:00 Tokyo) ————————————————————————————————————————————————

/** The Tokyo day number of `t` (days since the epoch, Tokyo calendar). */
export const tokyoDayNumber = (t: number): number => Math.floor((t + TOKYO_OFFSET) / DAY);
export const nextTokyoMidnight = (now: number): number => (tokyoDayNumber(now) + 1) * DAY - TOKYO_OFFSET;

export function adRewardState(stored: { amount: number; day: number } | null, now: number): TicketState {
  const amount = stored && stored.day === tokyoDayNumber(now) ? stored.amount : AD_REWARD_MAX_AMOUNT;
  const next = nextTokyoMidnight(now);
  return { amount, maxAmount: AD_REWARD_MAX_AMOUNT, nextGiveDate: next, remainingMilliSec: next - now };
}

// —— rentals ————————————————————————————————————————————————————————————

/** Rented until now + rentalMinutes, or forever (RENTAL_FOREVER) when 0. */
export const rentalEnd = (now: number, rentalMinutes: number): number =>
  rentalMinutes === 0 ? RENTAL_FOREVER : now + rentalMinutes * MINUTE;

/** §9: an end 300 years or more away is shown as unlimited. */
export const isUnlimitedRental = (end: number, now: number): boolean => end - now >= YEAR_300;

export const isRenting = (end: number | null, now: number): boolean => end !== null && end > now;

// —— §9 recovery text ———————————————————————————————————————————————————

export type Recovery = { unit: 'soon' } | { unit: 'minutes' | 'hours' | 'days'; value: number };

/** Under 1 minute 'soon', else minutes, hours or days, rounded up. */
export function recoveryTime(ms: number): Recovery {
  if (ms < MINUTE) return { unit: 'soon' };
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.ceil(ms / HOUR);
  if (hours < 24) return { unit: 'hours', value: hours };
  return { unit: 'days', value: Math.ceil(ms / DAY) };
}

// —— spend type and final price (§4) —————————————————————————————————————

/**
 * An episode's own spend type: free episodes 0, else the normal ticket (1) when the serial has one,
 * else coins (2). An operator may set it (`spendType`): coins only (2) on a serial with a normal
 * ticket; a chosen normal ticket still needs the serial to have one, and a free episode stays free.
 */
export function episodeSpendType(
  episode: { price: number; freeFlg: boolean; spendType?: number | null },
  serial: { chargeMinutes: number },
): SpendType {
  if (episode.freeFlg || episode.price === 0 || episode.spendType === SpendType.FREE) return SpendType.FREE;
  if (episode.spendType === SpendType.PAYMENT) return SpendType.PAYMENT;
  return serial.chargeMinutes > 0 ? SpendType.CHARGE : SpendType.PAYMENT;
}

interface FinalPriceInput {
  price: number;
  spendType: SpendType;
  /** The member's normal ticket of this serial is back. */
  charged: boolean;
  orderOnly: boolean;
  /** This episode is the one an order-only serial lets the ticket open next. */
  isOrderOnlyEpisode: boolean;
}

/**
 * §4: 0 when a charged episode is the order-only episode, or the normal-ticket episode is
 * already charged on a non-order-only serial; free episodes cost 0; else the price.
 */
export function finalPrice(q: FinalPriceInput): number {
  if (q.spendType === SpendType.FREE) return 0;
  if (q.charged && q.orderOnly && q.isOrderOnlyEpisode) return 0;
  if (q.charged && !q.orderOnly && q.spendType === SpendType.CHARGE) return 0;
  return q.price;
}

/** §4: type 0 stays free; a positive price gives 2; else 1. */
export function personalizedSpendType(spendType: SpendType, price: number): SpendType {
  if (spendType === SpendType.FREE) return SpendType.FREE;
  return price > 0 ? SpendType.PAYMENT : SpendType.CHARGE;
}

/**
 * Order-only serials let the normal ticket open episodes in order only: the first paid episode
 * after the furthest one opened (rented, or a free one read). Null when none is left.
 */
export function orderOnlyEpisodeSequence(episodes: { orderSequence: number; free: boolean }[], furthestOpened: number): number | null {
  let target: number | null = null;
  for (const e of episodes) {
    if (!e.free && e.orderSequence > furthestOpened && (target === null || e.orderSequence < target)) target = e.orderSequence;
  }
  return target;
}

/** An episode as `manga_viewer_action=open` weighs it: released, readable now (free or rented), read. */
interface OpenableEpisode {
  id: number;
  orderSequence: number;
  released: boolean;
  /** Free to everyone, or rented by this reader now: the viewer opens without asking for anything. */
  readableNow: boolean;
  read: boolean;
}

/**
 * The episode `/serial/detail/{id}?manga_viewer_action=open` opens (§2): the one the link names
 * when it is a released episode of the serial, else the first released episode the reader can
 * read now that they have not read yet, else the first one they can read now. Null when nothing
 * can be read without a ticket or coins: the serial's page stays, where the reader chooses how.
 */
export function episodeToOpen(episodes: readonly OpenableEpisode[], requestedId: number | null): number | null {
  if (requestedId !== null) {
    const named = episodes.find((e) => e.id === requestedId && e.released);
    if (named) return named.id;
  }
  const readable = episodes.filter((e) => e.released && e.readableNow).sort((a, b) => a.orderSequence - b.orderSequence);
  return (readable.find((e) => !e.read) ?? readable[0])?.id ?? null;
}

/** Episodes a page of the serial detail lists: a serial with more goes on over pages (`?page=`). */
export const SERIAL_EPISODES_PAGE_SIZE = 100;
