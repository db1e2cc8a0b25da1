import { describe, expect, it } from 'vitest';
import {
  EroticType,
  type BookPricing,
  forcesHorizontal,
  isListedEroticType,
  isSamplePage,
  parseCustomSample,
  priceAt,
  readingDirection,
} from './catalog';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 3);

const createBook = (overrides: Partial<BookPricing> = {}): BookPricing => ({
  price: 550,
  salePrice: null,
  saleStartDatetime: null,
  saleEndDatetime: null,
  freeFlg: false,
  freeStartDatetime: null,
  freeEndDatetime: null,
  ...overrides,
});

describe('priceAt', () => {
  it('is the regular price outside any sale or free period', () => {
    expect(priceAt(createBook(), NOW)).toMatchObject({ price: 550, beforePrice: null, free: false });
    expect(priceAt(createBook({ salePrice: 275, saleStartDatetime: NOW + DAY }), NOW).price).toBe(550);
    expect(priceAt(createBook({ salePrice: 275, saleEndDatetime: NOW }), NOW).price).toBe(550);
  });

  it('is the sale price inside the sale period, with the regular price struck through', () => {
    const book = createBook({ salePrice: 385, saleStartDatetime: NOW - DAY, saleEndDatetime: NOW + DAY });
    expect(priceAt(book, NOW)).toEqual({
      price: 385,
      beforePrice: 550,
      free: false,
      limitedFree: false,
      limitedSale: true,
      endDatetime: NOW + DAY,
    });
  });

  it('is 0 while free, and free beats a sale', () => {
    const book = createBook({ freeFlg: true, freeEndDatetime: NOW + DAY, salePrice: 385 });
    expect(priceAt(book, NOW)).toMatchObject({ price: 0, beforePrice: 550, free: true, limitedFree: true });
    expect(priceAt(createBook({ freeFlg: true }), NOW)).toMatchObject({
      free: true,
      limitedFree: false,
      endDatetime: null,
    });
    expect(priceAt(book, NOW + DAY).free).toBe(false);
  });
});

describe('catalog codes', () => {
  it('lists R18 only to adults and never NOT_POST or UNDEFINED', () => {
    expect(isListedEroticType(EroticType.NORMAL, false)).toBe(true);
    expect(isListedEroticType(EroticType.EROTIC, false)).toBe(true);
    expect(isListedEroticType(EroticType.R18, false)).toBe(false);
    expect(isListedEroticType(EroticType.R18, true)).toBe(true);
    expect(isListedEroticType(EroticType.NOT_POST, true)).toBe(false);
    expect(isListedEroticType(EroticType.UNDEFINED, true)).toBe(false);
  });

  it('forces left-to-right reading for genres 11 to 17 only', () => {
    expect([10, 11, 17, 18].map(forcesHorizontal)).toEqual([false, true, true, false]);
    expect(readingDirection(12, 'rtl')).toBe('ltr');
    expect(readingDirection(1, null)).toBe('rtl');
    expect(readingDirection(null, 'ltr')).toBe('ltr');
  });

  it('takes the first pages as the sample unless a custom sample lists others', () => {
    expect([0, 2, 3].map((p) => isSamplePage(p, 3, null))).toEqual([true, true, false]);
    expect([0, 5].map((p) => isSamplePage(p, 3, [5, 6]))).toEqual([false, true]);
    expect(parseCustomSample('[1,2]')).toEqual([1, 2]);
    expect(parseCustomSample('[-1]')).toBeNull();
    expect(parseCustomSample('nope')).toBeNull();
  });
});
