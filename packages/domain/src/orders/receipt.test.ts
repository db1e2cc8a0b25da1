import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { includedConsumptionTax, paymentTypeLabel } from './receipt';

describe('includedConsumptionTax', () => {
  it('is the 10% inside a tax-included amount, rounded down', () => {
    expect(includedConsumptionTax(1100)).toBe(100);
    expect(includedConsumptionTax(660)).toBe(60);
    expect(includedConsumptionTax(99)).toBe(9);
    expect(includedConsumptionTax(0)).toBe(0);
  });

  it('never exceeds the amount less its pre-tax part', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (amount) => {
        const tax = includedConsumptionTax(amount);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax * 11).toBeLessThanOrEqual(amount);
        expect((tax + 1) * 11).toBeGreaterThan(amount);
      }),
    ));
});

describe('paymentTypeLabel', () => {
  it('names each way to pay in Japanese', () => {
    expect(paymentTypeLabel('MANGA_COIN')).toBe('マンガコイン');
    expect(paymentTypeLabel('SIMPLY_PAY_CREDIT_CARD')).toBe('クレジットカード');
    expect(paymentTypeLabel('PAYPAY')).toBe('PayPay');
  });
});
