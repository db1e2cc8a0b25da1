import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  episodeToOpen,
  AD_REWARD_MAX_AMOUNT,
  DEFAULT_CHARGE_MINUTES,
  RENTAL_FOREVER,
  SpendType,
  adRewardState,
  chargeState,
  episodeSpendType,
  finalPrice,
  guestTicketState,
  isAdultCategory,
  isRenting,
  isUnlimitedRental,
  personalizedSpendType,
  recoveryTime,
  rentalEnd,
  ticketState,
} from './serials';
import { chooseSerialLastPage, effectivePaymentType, lastPageMainAction, lastPageMessage } from './serials-last-page';

/** An instant given in Japan time. */
const jst = (local: string): number => Date.parse(`${local}+09:00`);
const MIN = 60_000;

describe('normal ticket (charge)', () => {
  it('a ticket used at 6:59 JST is back 23 hours later, at 5:59 the next day, not a minute before', () => {
    const used = jst('2026-11-22T06:59:00');
    expect(DEFAULT_CHARGE_MINUTES).toBe(1380);
    expect(chargeState(used, DEFAULT_CHARGE_MINUTES, jst('2026-11-23T05:58:59')).charged).toBe(false);
    expect(chargeState(used, DEFAULT_CHARGE_MINUTES, jst('2026-11-23T05:58:00')).chargeRemainingMilliSec).toBe(MIN);
    expect(chargeState(used, DEFAULT_CHARGE_MINUTES, jst('2026-11-23T05:59:00'))).toEqual({
      charged: true,
      chargeRemainingMilliSec: 0,
      chargeFinishAt: jst('2026-11-23T05:59:00'),
    });
  });
  it('a ticket never used is charged', () => {
    expect(chargeState(null, 60, 0).charged).toBe(true);
  });
});

describe('special tickets at 7:00 and 19:00 JST', () => {
  it('appear at 7:00 and 19:00 and not at 6:59 or 18:59', () => {
    const stored = { amount: 0, asOf: jst('2026-11-22T01:00:00') };
    expect(ticketState(stored, jst('2026-11-22T06:59:59')).amount).toBe(0);
    expect(ticketState(stored, jst('2026-11-22T07:00:00')).amount).toBe(1);
    expect(ticketState(stored, jst('2026-11-22T18:59:59')).amount).toBe(1);
    expect(ticketState(stored, jst('2026-11-22T19:00:00')).amount).toBe(2);
    expect(ticketState(stored, jst('2026-11-23T07:00:00')).amount).toBe(3);
    expect(ticketState(stored, jst('2026-11-25T07:00:00')).amount).toBe(3);
  });
  it('says when the next one is handed out', () => {
    const s = ticketState({ amount: 1, asOf: jst('2026-11-22T08:00:00') }, jst('2026-11-22T18:30:00'));
    expect(s.nextGiveDate).toBe(jst('2026-11-22T19:00:00'));
    expect(s.remainingMilliSec).toBe(30 * MIN);
    expect(ticketState(null, jst('2026-11-22T19:00:00')).nextGiveDate).toBe(jst('2026-11-23T07:00:00'));
  });
  it('guests see 3 of 3', () => {
    expect(guestTicketState(Date.now())).toMatchObject({ amount: 3, maxAmount: 3 });
  });
  it('never exceeds the maximum nor goes below what was stored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.nat(10 ** 10), fc.nat(10 ** 9), (amount, asOf, later) => {
        const s = ticketState({ amount, asOf }, asOf + later);
        return s.amount >= amount && s.amount <= 3 && s.remainingMilliSec > 0 && s.remainingMilliSec <= 12 * 3_600_000;
      }),
    );
  });
});

describe('ad reward', () => {
  it('recovers at 0:00 JST', () => {
    const day = Math.floor((jst('2026-11-22T12:00:00') + 9 * 3_600_000) / 86_400_000);
    const stored = { amount: 0, day };
    expect(adRewardState(stored, jst('2026-11-22T23:59:59')).amount).toBe(0);
    expect(adRewardState(stored, jst('2026-11-23T00:00:00')).amount).toBe(AD_REWARD_MAX_AMOUNT);
    expect(adRewardState(stored, jst('2026-11-22T23:00:00')).nextGiveDate).toBe(jst('2026-11-23T00:00:00'));
  });
});

describe('rentals', () => {
  it('last rentalMinutes and end exactly at their minute', () => {
    const now = jst('2026-11-22T10:00:00');
    const end = rentalEnd(now, 180);
    expect(end).toBe(jst('2026-11-22T13:00:00'));
    expect(isRenting(end, end - 1)).toBe(true);
    expect(isRenting(end, end)).toBe(false);
  });
  it('are permanent for 0, shown as unlimited (300 years or more)', () => {
    const now = jst('2026-11-22T10:00:00');
    expect(rentalEnd(now, 0)).toBe(RENTAL_FOREVER);
    expect(isUnlimitedRental(RENTAL_FOREVER, now)).toBe(true);
    expect(isUnlimitedRental(now + 299 * 365 * 86_400_000, now)).toBe(false);
    expect(isUnlimitedRental(now + 301 * 365 * 86_400_000, now)).toBe(true);
  });
});

describe('§9 recovery text', () => {
  it('reads soon, minutes, hours, days rounded up', () => {
    expect(recoveryTime(30_000)).toEqual({ unit: 'soon' });
    expect(recoveryTime(59 * MIN)).toEqual({ unit: 'minutes', value: 59 });
    expect(recoveryTime(5 * 60 * MIN)).toEqual({ unit: 'hours', value: 5 });
    expect(recoveryTime(2.5 * 24 * 60 * MIN)).toEqual({ unit: 'days', value: 3 });
    expect(recoveryTime(60 * MIN)).toEqual({ unit: 'hours', value: 1 });
    expect(recoveryTime(59 * MIN + 1)).toEqual({ unit: 'hours', value: 1 });
    expect(recoveryTime(23 * 60 * MIN)).toEqual({ unit: 'hours', value: 23 });
  });
});

describe('spend types and the final price rule (§4)', () => {
  const base = { price: 40, spendType: SpendType.CHARGE, charged: true, orderOnly: false, isOrderOnlyEpisode: false } as const;
  it('gives each episode its own type 0–2', () => {
    expect(episodeSpendType({ price: 0, freeFlg: true }, { chargeMinutes: 1380 })).toBe(SpendType.FREE);
    expect(episodeSpendType({ price: 40, freeFlg: false }, { chargeMinutes: 1380 })).toBe(SpendType.CHARGE);
    expect(episodeSpendType({ price: 40, freeFlg: false }, { chargeMinutes: 0 })).toBe(SpendType.PAYMENT);
  });
  it("follows the operator's choice: coins only on a serial with a normal ticket, never a ticket the serial lacks", () => {
    expect(episodeSpendType({ price: 40, freeFlg: false, spendType: SpendType.PAYMENT }, { chargeMinutes: 1380 })).toBe(SpendType.PAYMENT);
    expect(episodeSpendType({ price: 40, freeFlg: false, spendType: SpendType.CHARGE }, { chargeMinutes: 0 })).toBe(SpendType.PAYMENT);
    expect(episodeSpendType({ price: 40, freeFlg: false, spendType: SpendType.FREE }, { chargeMinutes: 1380 })).toBe(SpendType.FREE);
    expect(episodeSpendType({ price: 40, freeFlg: false, spendType: null }, { chargeMinutes: 1380 })).toBe(SpendType.CHARGE);
  });
  it('is 0 for a charged normal-ticket episode on a non-order-only serial', () => {
    expect(finalPrice(base)).toBe(0);
    expect(finalPrice({ ...base, charged: false })).toBe(40);
  });
  it('on an order-only serial is 0 only for the order-only episode', () => {
    expect(finalPrice({ ...base, orderOnly: true })).toBe(40);
    expect(finalPrice({ ...base, orderOnly: true, isOrderOnlyEpisode: true })).toBe(0);
  });
  it('free stays free; positive price gives 2, else 1; 3 is never derived', () => {
    expect(personalizedSpendType(SpendType.FREE, 0)).toBe(0);
    expect(personalizedSpendType(SpendType.CHARGE, 40)).toBe(2);
    expect(personalizedSpendType(SpendType.CHARGE, 0)).toBe(1);
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 2, 3), fc.nat(1000), (t, p) => {
        const out = personalizedSpendType(t as SpendType, p);
        return t === 0 ? out === 0 : out === (p > 0 ? 2 : 1);
      }),
    );
  });
});

describe('serial last page (§2, §4)', () => {
  const state = {
    loggedIn: true,
    spendType: SpendType.CHARGE,
    renting: false,
    price: 40,
    ticketAmount: 0,
    ticketRemainingMs: 3_600_000,
    charged: true,
    chargeRemainingMs: 0,
  } as const;
  it('shows nothing for spend type none, or renting with the suggestion being the current episode', () => {
    expect(chooseSerialLastPage({ kind: 'episode', id: 5, spendType: null, renting: false }, 4)).toEqual({ kind: 'none' });
    expect(chooseSerialLastPage({ kind: 'episode', id: 4, spendType: 2, renting: true }, 4)).toEqual({ kind: 'none' });
    expect(chooseSerialLastPage({ kind: 'episode', id: 5, spendType: 2, renting: true }, 4)).toEqual({ kind: 'next', episodeId: 5 });
  });
  it('has the 最終エピソード, 配信終了 and 配信待ち variants', () => {
    expect(chooseSerialLastPage({ kind: 'last' }, 1).kind).toBe('lastEpisode');
    expect(chooseSerialLastPage({ kind: 'expired' }, 1).kind).toBe('expired');
    expect(chooseSerialLastPage({ kind: 'waiting' }, 1).kind).toBe('notDelivered');
  });
  it('picks the header message by spend type', () => {
    expect(lastPageMessage({ ...state, spendType: SpendType.FREE, loggedIn: false })).toEqual({ kind: 'free' });
    expect(lastPageMessage({ ...state, spendType: SpendType.PAYMENT, renting: true })).toEqual({ kind: 'free' });
    expect(lastPageMessage({ ...state, spendType: SpendType.PAYMENT })).toEqual({ kind: 'rent' });
    expect(lastPageMessage({ ...state, spendType: SpendType.TICKET, ticketAmount: 2 })).toEqual({ kind: 'ticketLeft', amount: 2 });
    expect(lastPageMessage({ ...state, spendType: SpendType.TICKET })).toEqual({
      kind: 'ticketWait',
      recovery: { unit: 'hours', value: 1 },
    });
    expect(lastPageMessage(state)).toEqual({ kind: 'chargeDaily' });
    expect(lastPageMessage({ ...state, charged: false, chargeRemainingMs: 5 * 60 * MIN })).toEqual({
      kind: 'chargeWait',
      recovery: { unit: 'hours', value: 5 },
    });
    expect(lastPageMessage({ ...state, loggedIn: false })).toEqual({ kind: 'guest' });
  });
  it('picks the main action', () => {
    const pay = { ...state, paymentType: 'MANGA_COIN' as const, balance: 0 };
    expect(lastPageMainAction({ ...pay, loggedIn: false })).toBe('signup');
    expect(lastPageMainAction({ ...pay, spendType: SpendType.FREE })).toBe('read');
    expect(lastPageMainAction(pay)).toBe('useTicket');
    expect(lastPageMainAction({ ...pay, spendType: SpendType.TICKET, ticketAmount: 1 })).toBe('useTicket');
    expect(lastPageMainAction({ ...pay, spendType: SpendType.PAYMENT })).toBe('confirmPayment');
    expect(lastPageMainAction({ ...pay, spendType: SpendType.PAYMENT, paymentType: 'COIN' })).toBe('coinAppeal');
    expect(lastPageMainAction({ ...pay, spendType: SpendType.PAYMENT, paymentType: 'COIN', balance: 40 })).toBe('confirmPayment');
    expect(lastPageMainAction({ ...pay, spendType: null })).toBe('reload');
  });
  it('switches COIN to MANGA_COIN when no Ameba coin is held', () => {
    expect(effectivePaymentType('COIN', 0)).toBe('MANGA_COIN');
    expect(effectivePaymentType('COIN', 5)).toBe('COIN');
  });
});

describe('order-only serials', () => {
  it('open the first paid episode after the furthest opened', async () => {
    const { orderOnlyEpisodeSequence } = await import('./serials');
    const eps = [1, 2, 3, 4].map((n) => ({ orderSequence: n, free: n === 1 }));
    expect(orderOnlyEpisodeSequence(eps, 0)).toBe(2);
    expect(orderOnlyEpisodeSequence(eps, 2)).toBe(3);
    expect(orderOnlyEpisodeSequence(eps, 4)).toBeNull();
  });
});

describe("§4's adult gate for serials", () => {
  it('takes the adult page types (オトナ女子, オトナ男子) as adult, and no other', () => {
    expect(isAdultCategory('adult_female')).toBe(true);
    expect(isAdultCategory('adult_male')).toBe(true);
    expect(isAdultCategory('shonen')).toBe(false);
    expect(isAdultCategory('')).toBe(false);
  });
});

describe('manga_viewer_action=open on a serial (§2)', () => {
  const e = (id: number, orderSequence: number, over: Partial<Parameters<typeof episodeToOpen>[0][number]> = {}) => ({
    id,
    orderSequence,
    released: true,
    readableNow: false,
    read: false,
    ...over,
  });
  it('opens the episode the link names when it is released, whatever it costs (the viewer asks)', () => {
    expect(episodeToOpen([e(1, 1, { readableNow: true }), e(2, 2)], 2)).toBe(2);
  });
  it('ignores a named episode that is not released or not of the serial', () => {
    const list = [e(1, 1, { readableNow: true }), e(2, 2, { released: false })];
    expect(episodeToOpen(list, 2)).toBe(1);
    expect(episodeToOpen(list, 99)).toBe(1);
  });
  it('otherwise opens the first readable episode not read yet, in order, else the first readable', () => {
    const list = [e(3, 3, { readableNow: true }), e(1, 1, { readableNow: true, read: true }), e(2, 2), e(4, 4, { readableNow: true })];
    expect(episodeToOpen(list, null)).toBe(3);
    expect(episodeToOpen([e(1, 1, { readableNow: true, read: true }), e(2, 2, { readableNow: true, read: true })], null)).toBe(1);
  });
  it('opens nothing when every episode needs a ticket or coins', () => {
    expect(episodeToOpen([e(1, 1), e(2, 2)], null)).toBeNull();
  });
});
