import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appealKind, lastPageCommerce, nextVolumeAction, packCovering, purchasePanel, viewerHref } from './last-page-commerce';

const panel = (over: Partial<Parameters<typeof purchasePanel>[0]> = {}) =>
  purchasePanel({ price: 500, balances: { coin: 0, mangaCoin: 1000 }, paymentType: 'MANGA_COIN', isFirstPurchase: false, ...over });

describe('purchasePanel', () => {
  it('switches COIN to MANGA_COIN when the coin balance is 0', () => {
    const p = panel({ paymentType: 'COIN', balances: { coin: 0, mangaCoin: 800 } });
    expect(p.paymentType).toBe('MANGA_COIN');
    expect(p.balance).toBe(800);
    expect(p.selectorEnabled).toBe(false);
  });
  it('keeps COIN when the member holds coins, and reads its balance', () => {
    const p = panel({ paymentType: 'COIN', balances: { coin: 300, mangaCoin: 800 } });
    expect(p).toMatchObject({ paymentType: 'COIN', balance: 300, short: true, shortage: 200, confirm: 'addCoin', longPress: false });
    expect(p.selectorEnabled).toBe(true);
  });
  it('a price equal to the balance is not a shortage and the confirm button reads', () => {
    expect(panel({ price: 1000 })).toMatchObject({ short: false, shortage: 0, confirm: 'read', longPress: true });
  });
  it('offers long press only after the first purchase', () => {
    expect(panel({ isFirstPurchase: true }).longPress).toBe(false);
    expect(panel({ isFirstPurchase: false }).longPress).toBe(true);
  });
  it('long press is offered exactly when the balance covers the price (property)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(100_000), fc.boolean(), (price, coin, mangaCoin, first) => {
        const p = purchasePanel({ price, balances: { coin, mangaCoin }, paymentType: 'COIN', isFirstPurchase: first });
        expect(p.longPress).toBe(!first && p.balance >= price);
        expect(p.short).toBe(price > p.balance);
        expect(p.shortage).toBe(Math.max(0, price - p.balance));
      }),
    );
  });
});

describe('appealKind', () => {
  it('shows the coupon appeal only when bonus / coin exceeds 0.3', () => {
    expect(appealKind({ coin: 1000, bonus: 300 })).toBe('coin');
    expect(appealKind({ coin: 1000, bonus: 301 })).toBe('coupon');
    expect(appealKind({ coin: 0, bonus: 10 })).toBe('coin');
  });
});

describe('packCovering', () => {
  const packs = [
    { id: 1, coin: 100, bonus: 0, taxIncludedPrice: 110 },
    { id: 2, coin: 500, bonus: 50, taxIncludedPrice: 550 },
    { id: 3, coin: 1000, bonus: 200, taxIncludedPrice: 1100 },
  ];
  it('picks the cheapest pack whose coins and bonus cover the shortage', () => {
    expect(packCovering(packs, 90)?.id).toBe(1);
    expect(packCovering(packs, 550)?.id).toBe(2);
    expect(packCovering(packs, 551)?.id).toBe(3);
    expect(packCovering(packs, 5000)).toBeNull();
  });
});

describe('nextVolumeAction', () => {
  it('follows the bought page rule for the next volume', () => {
    expect(nextVolumeAction({ nextBookId: null, isNextBookBought: false, isNextBookFree: false })).toBe('lastVolume');
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: true, isNextBookFree: true })).toBe('readNext');
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: false, isNextBookFree: true })).toBe('readFreeNext');
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: false, isNextBookFree: false })).toBe('buyNext');
    // The next volume is a pre-order (no later volume released): no buy or read button for it.
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: false, isNextBookFree: false, isLatestVol: true })).toBe('lastVolume');
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: true, isNextBookFree: false, isLatestVol: true })).toBe('lastVolume');
    expect(nextVolumeAction({ nextBookId: 2, isNextBookBought: false, isNextBookFree: true, isLatestVol: true })).toBe('lastVolume');
  });
  it('links the viewer by cid', () => {
    expect(viewerHref(42)).toBe('/viewer?cid=42');
  });
});

describe('lastPageCommerce', () => {
  const base = {
    status: 'open' as const,
    loggedIn: true,
    orderCompleted: false,
    bought: true,
    nextBookId: 8,
    isNextBookBought: false,
    isNextBookFree: false,
    hasSample: true,
    isLatestVol: false,
    isConcluded: false,
    hasReservableBook: false,
    reserved: false,
  };
  it('gives the bought page its message and the buy panel for an unbought next volume', () => {
    expect(lastPageCommerce(base)).toEqual({ variant: 'bought', message: 'none', next: 'buyNext' });
  });
  it('the latest volume of an ongoing series: pre-order, reserved, or wait for the new volume', () => {
    const latest = { ...base, isLatestVol: true, nextBookId: null };
    expect(lastPageCommerce(latest)).toEqual({ variant: 'bought', message: 'waitForNewVolume', next: 'lastVolume' });
    expect(lastPageCommerce({ ...latest, hasReservableBook: true }).message).toBe('canPreOrder');
    expect(lastPageCommerce({ ...latest, hasReservableBook: true, reserved: true }).message).toBe('reserved');
  });
  it('guest, order-complete and not-bought pages carry no bought panel', () => {
    expect(lastPageCommerce({ ...base, loggedIn: false })).toEqual({ variant: 'guest', message: 'none', next: null });
    expect(lastPageCommerce({ ...base, orderCompleted: true }).variant).toBe('orderComplete');
    expect(lastPageCommerce({ ...base, bought: false }).variant).toBe('notBought');
    expect(lastPageCommerce({ ...base, status: 'close' }).variant).toBe('closeOnly');
  });
});
