import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountUnit, formatIn, formatPaid, paymentUnit } from './amount-unit';

describe('amount units (issue 34 item 4)', () => {
  it('names each unit after the number', () => {
    expect(formatIn(354, AmountUnit.YEN)).toBe('354円');
    expect(formatIn(1200, AmountUnit.MANGA_COIN)).toBe('1,200マンガコイン');
    expect(formatIn(40, AmountUnit.COIN)).toBe('40コイン');
    expect(formatIn(5, AmountUnit.POINT)).toBe('5pt');
  });

  it('counts an order in the unit it was paid with: cards and carriers in yen', () => {
    expect(formatPaid(354, 'SIMPLY_PAY_CREDIT_CARD')).toBe('354円');
    expect(formatPaid(354, 'DOCOMO')).toBe('354円');
    expect(formatPaid(440, 'MANGA_COIN')).toBe('440マンガコイン');
    expect(formatPaid(440, 'COIN')).toBe('440コイン');
    expect(formatPaid(0, 'FREE')).toBe('0円');
    expect(paymentUnit('POINT')).toBe(AmountUnit.POINT);
  });

  it('never writes the coin unit for anything but the two coin payments', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (type, amount) => {
        const text = formatPaid(amount, type);
        if (type !== 'MANGA_COIN' && type !== 'COIN') expect(text).not.toMatch(/コイン$/);
      }),
    );
  });
});
