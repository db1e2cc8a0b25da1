import { describe, expect, it } from 'vitest';
import { TitleListQuery } from './titles-api';
import { pageCount, periodEnd, volumePageWindow } from './titles';

describe('series volume pages (§9: 30 a page, ascending)', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
  });
  it('clamps the page into range and gives its offset', () => {
    expect(volumePageWindow(2, 61)).toEqual({ page: 2, pageCount: 3, offset: 30, limit: 30 });
    expect(volumePageWindow(9, 61).page).toBe(3);
    expect(volumePageWindow(0, 61).page).toBe(1);
    expect(volumePageWindow(Number.NaN, 5).page).toBe(1);
  });
});

describe('periodEnd (§9: end time 0 means no end)', () => {
  it('is null when no volume is in the period', () => {
    expect(periodEnd([{ active: false, endDatetime: 5 }])).toBeNull();
  });
  it('is the earliest end among active volumes', () => {
    expect(
      periodEnd([
        { active: true, endDatetime: 9 },
        { active: true, endDatetime: 4 },
        { active: false, endDatetime: 1 },
      ]),
    ).toEqual({ endDatetime: 4 });
  });
  it('is 0 when no active volume ends', () => {
    expect(periodEnd([{ active: true, endDatetime: null }])).toEqual({ endDatetime: 0 });
  });
});

describe('TitleListQuery', () => {
  it('pages the whole catalog without title_id', () => {
    expect(TitleListQuery.parse({})).toEqual({ ac: 0, offset: 0, limit: 30 });
    expect(TitleListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(TitleListQuery.parse({ title_id: '2,1' }).title_id).toEqual([2, 1]);
  });
});
