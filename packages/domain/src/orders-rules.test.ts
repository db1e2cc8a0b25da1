import { describe, expect, it } from 'vitest';
import {
  type PointCampaignRule,
  buysFreeOnLoad,
  canTransition,
  effectivePaymentType,
  freeNextBookRefusal,
  freePurchaseRefusal,
  longPressBuyAvailable,
  pointBreakdown,
  possessionAt,
} from './orders-rules';
import { CardBrand, cardBrandOf, passesLuhn, paymentTypeCode, SandboxTestCard } from './wallet-payments';

const campaign = (over: Partial<PointCampaignRule>): PointCampaignRule => ({
  id: 1, type: 'basic', name: 'x', rate: 1, point: 0, start: null, end: null, expireDays: 365, bookId: null, titleId: null, minBooks: 0, ...over,
});
const ctx = { bookId: 7, titleId: 3, price: 1000, isFirstPurchase: false, sameTitleBooks: 1, now: 100 };

describe('order statuses (§4)', () => {
  it('allows the store transitions and refuses leaving a final status', () => {
    expect(canTransition('INCOMPLETE', 'COMPLETE')).toBe(true);
    expect(canTransition('PROCESSING', 'CANCEL')).toBe(true);
    expect(canTransition('COMPLETE', 'CANCEL')).toBe(true);
    expect(canTransition('CANCEL', 'COMPLETE')).toBe(false);
    expect(canTransition('PAYMENT_ERROR', 'COMPLETE')).toBe(false);
  });

  it('a reserved book is RESERVED until release, then OWNED', () => {
    expect(possessionAt(true, 200, 100)).toBe('RESERVED');
    expect(possessionAt(true, 200, 200)).toBe('OWNED');
    expect(possessionAt(false, 0, 100)).toBe('NONE');
  });
});

describe('point breakdown (§3)', () => {
  it('adds basic, first, book, series and bulk-buy lines that apply, dropping inactive ones', () => {
    const campaigns = [
      campaign({ id: 1 }),
      campaign({ id: 2, type: 'first', rate: 10 }),
      campaign({ id: 3, type: 'book', rate: 20, bookId: 7 }),
      campaign({ id: 4, type: 'book', rate: 20, bookId: 8 }),
      campaign({ id: 5, type: 'series', rate: 0, point: 50, titleId: 3 }),
      campaign({ id: 6, type: 'bulkBuy', rate: 5, minBooks: 3 }),
      campaign({ id: 7, type: 'series', rate: 50, titleId: 3, end: 100 }),
    ];
    expect(pointBreakdown(campaigns, ctx).list.map((l) => l.id)).toEqual([1, 3, 5]);
    const first = pointBreakdown(campaigns, { ...ctx, isFirstPurchase: true, sameTitleBooks: 3 });
    expect(first.list.map((l) => [l.type, l.point])).toEqual([['basic', 10], ['first', 100], ['book', 200], ['series', 50], ['bulkBuy', 50]]);
    expect(first.totalPoint).toBe(410);
    expect(pointBreakdown(campaigns, { ...ctx, price: 0 }).totalPoint).toBe(0);
  });
});

describe('buy rules (§4, §5)', () => {
  const book = { price: 0, free: true, salable: true, eroticType: 0 };
  it('free purchase needs login, a free book, not bought', () => {
    expect(freePurchaseRefusal(false, book, false)).toBe('login required');
    expect(freePurchaseRefusal(true, { ...book, free: false }, false)).toBe('this book is not free');
    expect(freePurchaseRefusal(true, book, true)).toBe('already have this book');
    expect(freePurchaseRefusal(true, book, false)).toBeNull();
  });
  it('free on load skips an R18 book while the adult check is none', () => {
    expect(buysFreeOnLoad(true, book, false, false)).toBe(true);
    expect(buysFreeOnLoad(true, { ...book, eroticType: 4 }, false, false)).toBe(false);
    expect(buysFreeOnLoad(true, { ...book, eroticType: 4 }, false, true)).toBe(true);
    expect(buysFreeOnLoad(false, book, false, true)).toBe(false);
    expect(buysFreeOnLoad(true, { ...book, salable: false }, false, true)).toBe(false);
  });
  it('free next book needs a next book that is free', () => {
    expect(freeNextBookRefusal(null, null)).toBe('Next book id is null');
    expect(freeNextBookRefusal(2, { ...book, free: false })).toBe('Next book is not free');
    expect(freeNextBookRefusal(2, book)).toBeNull();
  });
  it('long press only after the first purchase and when the balance covers the price', () => {
    expect(longPressBuyAvailable(true, 1000, 100)).toBe(false);
    expect(longPressBuyAvailable(false, 99, 100)).toBe(false);
    expect(longPressBuyAvailable(false, 100, 100)).toBe(true);
  });
  it('COIN switches to MANGA_COIN when the coin balance is 0', () => {
    expect(effectivePaymentType('COIN', 0)).toBe('MANGA_COIN');
    expect(effectivePaymentType('COIN', 5)).toBe('COIN');
  });
});

describe('payments (§9)', () => {
  it('numeric codes and card brands', () => {
    expect([paymentTypeCode.FREE, paymentTypeCode.POINT, paymentTypeCode.COIN, paymentTypeCode.MANGA_COIN, paymentTypeCode.RAKUTENPAY]).toEqual([-2, -1, 0, 2, 11]);
    expect(cardBrandOf(SandboxTestCard.SUCCESS)).toBe(CardBrand.VISA);
    expect(cardBrandOf(SandboxTestCard.SUCCESS_JCB)).toBe(CardBrand.JCB);
    expect(cardBrandOf(SandboxTestCard.SUCCESS_MASTER)).toBe(CardBrand.MASTER);
    expect(cardBrandOf('378282246310005')).toBe(CardBrand.AMEX);
    expect(cardBrandOf('36227206271667')).toBe(CardBrand.DINERS);
    expect(cardBrandOf(SandboxTestCard.UNSUPPORTED)).toBe(CardBrand.UNKNOWN);
    for (const n of Object.values(SandboxTestCard)) expect(passesLuhn(n), n).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});
