import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BooksByTitleQuery, BooksQuery } from './books-api';
import {
  basicPoint,
  discountAt,
  isBuyableNow,
  isSalable,
  matchesSalesStatus,
  nextVolume,
  priceInEffect,
  salesStatusAt,
  shownBeforePrice,
  sortVolumes,
  titleTotalPrice,
} from './books';
import { idListParam, idParam } from '../common/params';
import type { BookPricing } from './catalog';

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

describe('shownBeforePrice (§5: changed only when beforePrice is an integer different from price)', () => {
  it('keeps an integer previous price that differs', () => expect(shownBeforePrice(330, 550)).toBe(550));
  it('drops an equal, fractional, missing or non-numeric previous price', () => {
    expect(shownBeforePrice(550, 550)).toBeNull();
    expect(shownBeforePrice(550, 549.5)).toBeNull();
    expect(shownBeforePrice(550, null)).toBeNull();
    expect(shownBeforePrice(550, '600')).toBeNull();
    expect(shownBeforePrice(550, Number.NaN)).toBeNull();
  });
  it('never returns the price itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.anything(), (price, before) => {
        expect(shownBeforePrice(price, before)).not.toBe(price);
      }),
    );
  });
});

describe('priceInEffect and discountAt', () => {
  it('a sale in its period discounts and strikes the regular price', () => {
    const book = createBook({ salePrice: 275, saleStartDatetime: NOW - DAY, saleEndDatetime: NOW + DAY });
    expect(priceInEffect(book, NOW)).toMatchObject({ price: 275, beforePrice: 550, limitedSale: true });
    expect(discountAt(book, NOW)).toEqual({ salePrice: 275, startDatetime: NOW - DAY, endDatetime: NOW + DAY, type: 'SALE' });
  });
  it('no discount outside the period', () => {
    const book = createBook({ salePrice: 275, saleStartDatetime: NOW + DAY });
    expect(discountAt(book, NOW)).toBeNull();
    expect(priceInEffect(book, NOW).beforePrice).toBeNull();
  });
  it('a free volume is a FREE discount to 0', () => {
    const book = createBook({ freeFlg: true, freeEndDatetime: NOW + DAY });
    expect(discountAt(book, NOW)).toMatchObject({ salePrice: 0, type: 'FREE', endDatetime: NOW + DAY });
  });
  it('a book whose regular price is 0 has no discount and no previous price', () => {
    const book = createBook({ price: 0, freeFlg: true });
    expect(discountAt(book, NOW)).toBeNull();
    expect(priceInEffect(book, NOW).beforePrice).toBeNull();
  });
});

describe('salesStatusAt', () => {
  const win = (o: Partial<{ salesStatus: string; startDatetime: number; endDatetime: number | null }>) => ({
    salesStatus: 'ON_SALE',
    startDatetime: NOW - DAY,
    endDatetime: null,
    ...o,
  });
  it('a released book is on sale, a future one is a reservation', () => {
    expect(salesStatusAt(win({}), NOW)).toBe('ON_SALE');
    expect(salesStatusAt(win({ startDatetime: NOW + 1 }), NOW)).toBe('IN_RESERVATION');
  });
  it('a reservation goes on sale once its start passes', () => {
    expect(salesStatusAt(win({ salesStatus: 'IN_RESERVATION', startDatetime: NOW }), NOW)).toBe('ON_SALE');
  });
  it('stopped or past its end of distribution is STOPPED', () => {
    expect(salesStatusAt(win({ salesStatus: 'STOPPED' }), NOW)).toBe('STOPPED');
    expect(salesStatusAt(win({ endDatetime: NOW }), NOW)).toBe('STOPPED');
  });
  it('a reservation is salable as a pre-order but not buyable now; only a book on sale is', () => {
    expect([isSalable('IN_RESERVATION'), isBuyableNow('IN_RESERVATION')]).toEqual([true, false]);
    expect([isSalable('ON_SALE'), isBuyableNow('ON_SALE')]).toEqual([true, true]);
    expect([isSalable('STOPPED'), isBuyableNow('STOPPED')]).toEqual([false, false]);
  });
  it('ALL matches every status', () => {
    expect(matchesSalesStatus('ALL', 'STOPPED')).toBe(true);
    expect(matchesSalesStatus('ON_SALE', 'IN_RESERVATION')).toBe(false);
  });
});

describe('volumes', () => {
  const vols = [3, 1, 2, 5].map((vol) => ({ id: vol * 10, vol }));
  it('the next volume is the smallest greater vol; none after the last', () => {
    expect(nextVolume(vols, 2)?.vol).toBe(3);
    expect(nextVolume(vols, 3)?.vol).toBe(5);
    expect(nextVolume(vols, 5)).toBeNull();
  });
  it('sorts ascending and descending', () => {
    expect(sortVolumes(vols, 'VOL_ASC').map((v) => v.vol)).toEqual([1, 2, 3, 5]);
    expect(sortVolumes(vols, 'VOL_DESC').map((v) => v.vol)).toEqual([5, 3, 2, 1]);
  });
  it('a title total adds the prices in effect of volumes on sale, first ones first', () => {
    const base = { salesStatus: 'ON_SALE', startDatetime: NOW - DAY, endDatetime: null };
    const volumes = [
      { id: 1, vol: 1, ...base, ...createBook({ freeFlg: true }) },
      { id: 2, vol: 2, ...base, ...createBook({ salePrice: 300 }) },
      { id: 3, vol: 3, ...base, ...createBook() },
      { id: 4, vol: 4, ...base, ...createBook(), startDatetime: NOW + DAY },
    ];
    expect(titleTotalPrice(volumes, NOW)).toEqual({ totalPrice: 0 + 300 + 550, bookCount: 3 });
    expect(titleTotalPrice(volumes, NOW, 2)).toEqual({ totalPrice: 300, bookCount: 2 });
  });
  it('basic points are 1% rounded down', () => {
    expect(basicPoint(550)).toBe(5);
    expect(basicPoint(99)).toBe(0);
    expect(basicPoint(-5)).toBe(0);
  });
});

describe('request schemas', () => {
  it('ids are digits or JSON numbers within PostgreSQL integer', () => {
    expect(idParam.parse('12')).toBe(12);
    expect(idParam.parse(12)).toBe(12);
    expect(idParam.parse('2147483647')).toBe(2147483647);
    for (const bad of ['-1', '1.5', 'abc', '', ' 1', '1e3', '0', '2147483648', '12345678901'])
      expect(idParam.safeParse(bad).success).toBe(false);
  });
  it('id lists drop duplicates and refuse more than 100 ids', () => {
    expect(idListParam.parse('3,1,3')).toEqual([3, 1]);
    expect(idListParam.safeParse('1,,2').success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(idListParam.safeParse(many).success).toBe(false);
  });
  it('ac defaults to 0 and accepts only 0 or 1', () => {
    expect(BooksQuery.parse({ book_id: '1' }).ac).toBe(0);
    expect(BooksQuery.parse({ book_id: '1', ac: '1' }).ac).toBe(1);
    expect(BooksQuery.safeParse({ book_id: '1', ac: '2' }).success).toBe(false);
  });
  it('the title books list defaults to 30 ascending and refuses limit over 100 or an unknown sort', () => {
    expect(BooksByTitleQuery.parse({ title_id: '1' })).toMatchObject({ offset: 0, limit: 30, sort: 'VOL_ASC', sales_status: 'ALL' });
    const bad = (q: Record<string, string>) => BooksByTitleQuery.safeParse({ title_id: '1', ...q }).error?.issues[0]?.path;
    expect(bad({ limit: '101' })).toEqual(['limit']);
    expect(bad({ sort: 'TITLE' })).toEqual(['sort']);
    expect(bad({ sales_status: 'SOLD' })).toEqual(['sales_status']);
    expect(bad({ offset: '-1' })).toEqual(['offset']);
  });
});
