import { describe, expect, it } from 'vitest';
import { isProviderPaymentType, refundYen } from './refunds';

describe('refundYen', () => {
  it('gives back everything when nothing was spent, or for a book order / a GRANT_ERROR order (no paid coins)', () => {
    expect(refundYen({ paidYen: 1100, paidCoins: 1000, paidCoinsLeft: 1000 })).toBe(1100);
    expect(refundYen({ paidYen: 880, paidCoins: 0, paidCoinsLeft: 0 })).toBe(880);
  });
  it('gives back the unspent paid coins’ share, rounded down to the yen', () => {
    expect(refundYen({ paidYen: 1100, paidCoins: 1000, paidCoinsLeft: 500 })).toBe(550);
    expect(refundYen({ paidYen: 1100, paidCoins: 1000, paidCoinsLeft: 333 })).toBe(366);
  });
  it('is nothing when the paid coins were all spent, or nothing was paid', () => {
    expect(refundYen({ paidYen: 1100, paidCoins: 1000, paidCoinsLeft: 0 })).toBe(0);
    expect(refundYen({ paidYen: 0, paidCoins: 0, paidCoinsLeft: 0 })).toBe(0);
  });
  it('never gives back more than was paid', () => {
    expect(refundYen({ paidYen: 1100, paidCoins: 1000, paidCoinsLeft: 5000 })).toBe(1100);
  });
});

describe('isProviderPaymentType', () => {
  it('is true for cards and carriers, false for coins, points and free orders', () => {
    for (const t of ['SIMPLY_PAY_CREDIT_CARD', 'DOCOMO', 'PAYPAY']) expect(isProviderPaymentType(t)).toBe(true);
    for (const t of ['COIN', 'POINT', 'FREE']) expect(isProviderPaymentType(t)).toBe(false);
  });
});
