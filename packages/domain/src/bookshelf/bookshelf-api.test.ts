import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HideBooksInput, UserBooksQuery } from './bookshelf-api';
import { nextUnownedVolume, readingProgress, rentalState } from './bookshelf';
import { RENTAL_FOREVER } from '../serials/serials';

describe('bookshelf rules', () => {
  it('progress counts the synced page as read and is 100 once the read-end is registered', () => {
    expect(readingProgress(null, 20, false)).toEqual({ page: null, totalPage: 20, percent: null, finished: false });
    expect(readingProgress(9, 20, false)).toMatchObject({ percent: 50, finished: false });
    expect(readingProgress(17, 20, true)).toMatchObject({ percent: 100, finished: true });
    expect(readingProgress(3, 0, false).percent).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 1000 }), fc.boolean(), (page, total, end) => {
        const p = readingProgress(page, total, end).percent!;
        return p >= 0 && p <= 100;
      }),
    );
  });

  it('a rental is RENTING until its end, EXPIRED from it, PERMANENT when unlimited', () => {
    expect(rentalState(1000, 999)).toBe('RENTING');
    expect(rentalState(1000, 1000)).toBe('EXPIRED');
    expect(rentalState(RENTAL_FOREVER, Date.UTC(2026, 10, 25))).toBe('PERMANENT');
  });

  it('the next unowned volume is the lowest one above the highest held', () => {
    const vols = [3, 1, 2, 4, 5].map((vol) => ({ vol, bookId: vol * 10 }));
    expect(nextUnownedVolume(vols, new Set([10, 20]))?.vol).toBe(3);
    expect(nextUnownedVolume(vols, new Set([10, 30]))?.vol).toBe(4);
    expect(nextUnownedVolume(vols, new Set([50]))).toBeNull();
    expect(nextUnownedVolume(vols, new Set())?.vol).toBe(1);
  });

  it('validates the shelf query and names the field', () => {
    expect(UserBooksQuery.parse({})).toMatchObject({ offset: 0, limit: 24, sort: 'PURCHASE_DATE', filter: 'ALL' });
    const bad = UserBooksQuery.safeParse({ sort: 'PRICE' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['sort']);
    expect(HideBooksInput.parse({ token: 't', book_ids: '3,1,3' }).book_ids).toEqual([3, 1]);
    expect(HideBooksInput.parse({ token: 't', book_ids: [2, 2] }).book_ids).toEqual([2]);
    expect(HideBooksInput.safeParse({ token: 't', book_ids: 'x' }).success).toBe(false);
  });
});
