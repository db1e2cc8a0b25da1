import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PointCampaignRule,
  buysFreeOnLoad,
  canTransition,
  effectivePaymentType,
  freeNextBookRefusal,
  longPressBuyAvailable,
  pointBreakdown,
  tileRefundPoints,
  possessionAt,
} from './orders';
import { pointCampaignTypes } from '../campaigns/point-campaigns';
import { CardBrand, cardBrandOf, passesLuhn, paymentTypeCode, SandboxTestCard } from '../wallet/wallet-payments';

const campaign = (over: Partial<PointCampaignRule>): PointCampaignRule => ({
  id: 1,
  type: 'basic',
  name: 'x',
  rate: 1,
  point: 0,
  start: null,
  end: null,
  expireDays: 365,
  bookId: null,
  titleId: null,
  minBooks: 0,
  ...over,
});
const ctx = { bookId: 7, titleId: 3, price: 1000, isFirstPurchase: false, sameTitleBooks: 1, now: 100 };

describe('order statuses (§4)', () => {
  it('allows the store transitions and refuses leaving a final status', () => {
    expect(canTransition('INCOMPLETE', 'COMPLETE')).toBe(true);
    expect(canTransition('PROCESSING', 'CANCEL')).toBe(true);
    expect(canTransition('COMPLETE', 'CANCEL')).toBe(true);
    expect(canTransition('CANCEL', 'COMPLETE')).toBe(false);
    expect(canTransition('PAYMENT_ERROR', 'COMPLETE')).toBe(false);
    // a pre-order is delivered at release and may still be cancelled by support; carrier outcomes end PROCESSING
    expect(canTransition('COMPLETE', 'DELIVERED')).toBe(true);
    expect(canTransition('DELIVERED', 'CANCEL')).toBe(true);
    expect(canTransition('DELIVERED', 'COMPLETE')).toBe(false);
    expect(canTransition('PROCESSING', 'PURCHASE_RESULT_ERROR')).toBe(true);
    expect(canTransition('PROCESSING', 'GRANT_ERROR')).toBe(true);
    expect(canTransition('INCOMPLETE', 'PURCHASE_RESULT_ERROR')).toBe(false);
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
    expect(first.list.map((l) => [l.type, l.point])).toEqual([
      ['basic', 10],
      ['first', 100],
      ['book', 200],
      ['series', 50],
      ['bulkBuy', 50],
    ]);
    expect(first.totalPoint).toBe(410);
    expect(pointBreakdown(campaigns, { ...ctx, price: 0 }).totalPoint).toBe(0);
  });
});

describe('the thirteen point breakdown types (§3)', () => {
  const full = { ...ctx, genreId: 12, publisherId: 40, vol: 1, bookStartDatetime: 50, ownedInTitle: 0, inBundle: false, preOrder: false };
  const rule = (type: PointCampaignRule['type'], over: Partial<PointCampaignRule> = {}) =>
    campaign({ id: pointCampaignTypes.indexOf(type) + 1, type, rate: 10, ...over });

  it('has all thirteen types', () => {
    expect(pointCampaignTypes).toHaveLength(13);
  });

  it('each type applies exactly when its event holds', () => {
    const cases: [PointCampaignRule, Partial<typeof full>, Partial<typeof full>][] = [
      [rule('specificGenres', { genreIds: [11, 12] }), {}, { genreId: 13 }],
      [rule('bundle'), { inBundle: true }, { inBundle: false }],
      [rule('continueBuy'), { ownedInTitle: 2 }, { ownedInTitle: 0 }],
      [rule('firstStep'), { ownedInTitle: 0 }, { ownedInTitle: 1 }],
      [rule('first'), { isFirstPurchase: true }, {}],
      [rule('book', { bookId: 7 }), {}, { bookId: 8 }],
      [rule('series', { titleId: 3 }), {}, { titleId: 4 }],
      [rule('bulkBuy', { minBooks: 3 }), { sameTitleBooks: 3 }, { sameTitleBooks: 2 }],
      [rule('newSeriesFirst', { start: 40 }), {}, { vol: 2 }],
      [rule('newlyBook', { start: 40 }), { vol: 5 }, { bookStartDatetime: 30 }],
      [rule('publish', { publisherId: 40 }), {}, { publisherId: 41 }],
      [rule('preOrderBasic'), { preOrder: true }, {}],
    ];
    for (const [c, yes, no] of cases) {
      expect(
        pointBreakdown([c], { ...full, ...yes }).list.map((l) => l.type),
        c.type,
      ).toEqual([c.type]);
      expect(pointBreakdown([c], { ...full, ...no }).list, c.type).toEqual([]);
    }
    // a guest or a tile (member unknown) earns neither firstStep nor continueBuy
    expect(pointBreakdown([rule('firstStep'), rule('continueBuy')], { ...full, ownedInTitle: undefined }).list).toEqual([]);
  });

  it('a pre-order earns the pre-order basic rate instead of the basic one', () => {
    const both = [rule('basic', { rate: 1 }), rule('preOrderBasic', { rate: 5 })];
    expect(pointBreakdown(both, { ...full, preOrder: true }).list.map((l) => [l.type, l.point])).toEqual([['preOrderBasic', 50]]);
    expect(pointBreakdown(both, full).list.map((l) => [l.type, l.point])).toEqual([['basic', 10]]);
  });

  it('a tile shows only the points every buyer earns', () => {
    const campaigns = [
      rule('basic', { rate: 1 }),
      rule('first', { rate: 50 }),
      rule('firstStep', { rate: 50 }),
      rule('book', { bookId: 7, rate: 20 }),
    ];
    expect(tileRefundPoints(campaigns, { bookId: 7, titleId: 3, price: 1000, now: 100 })).toBe(210);
  });

  const anyRule = fc.record({
    type: fc.constantFrom(...pointCampaignTypes),
    rate: fc.integer({ min: 0, max: 100 }),
    point: fc.integer({ min: 0, max: 1000 }),
  });

  it('money: the total is the sum of the lines, every line is positive and a rate never gives more than the price', () => {
    fc.assert(
      fc.property(
        fc.array(anyRule, { maxLength: 13 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        (rules, price, preOrder, owned) => {
          const campaigns = rules.map((r, i) => campaign({ ...r, id: i + 1, bookId: 7, titleId: 3, genreIds: [12], publisherId: 40 }));
          const { totalPoint, list } = pointBreakdown(campaigns, {
            ...full,
            price,
            preOrder,
            ownedInTitle: owned,
            isFirstPurchase: true,
            inBundle: true,
          });
          expect(totalPoint).toBe(list.reduce((s, l) => s + l.point, 0));
          for (const l of list) {
            expect(Number.isInteger(l.point) && l.point > 0).toBe(true);
            if (l.rate > 0) expect(l.point).toBe(Math.floor((price * l.rate) / 100));
            if (l.rate > 0) expect(l.point).toBeLessThanOrEqual(price);
          }
          if (price === 0) expect(totalPoint).toBe(0);
        },
      ),
    );
  });

  it('money: a higher price never earns fewer points, and a tile never shows more than a member earns', () => {
    fc.assert(
      fc.property(
        fc.array(anyRule, { maxLength: 13 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (rules, a, b) => {
          const campaigns = rules.map((r, i) => campaign({ ...r, id: i + 1, bookId: 7, titleId: 3 }));
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(pointBreakdown(campaigns, { ...full, price: lo }).totalPoint).toBeLessThanOrEqual(
            pointBreakdown(campaigns, { ...full, price: hi }).totalPoint,
          );
          expect(tileRefundPoints(campaigns, { ...full, price: lo })).toBeLessThanOrEqual(
            pointBreakdown(campaigns, { ...full, price: lo }).totalPoint,
          );
        },
      ),
    );
  });
});

describe('buy rules (§4, §5)', () => {
  const book = { price: 0, free: true, salable: true, eroticType: 0 };
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
    expect([
      paymentTypeCode.FREE,
      paymentTypeCode.POINT,
      paymentTypeCode.COIN,
      paymentTypeCode.MANGA_COIN,
      paymentTypeCode.RAKUTENPAY,
    ]).toEqual([-2, -1, 0, 2, 11]);
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
