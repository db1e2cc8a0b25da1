import { describe, expect, it } from 'vitest';
import { lastPageCommerce } from './last-page-commerce';
import type { ViewerBook, ViewerInfo, VolumeRef } from '../reading/reading-api';
import { lastPageCommerceBook, lastPageCommerceInput, purchasedFromLastPage } from './last-page-input';

const book = {
  id: 2,
  vol: 2,
  title: '夜明けの図書館（2）',
  titleId: 1,
  price: 550,
  bought: true,
  free: false,
  fullAccess: true,
  hasSample: true,
  nextBookId: 3,
  nextBookTitle: '夜明けの図書館（3）',
  isNextBookBought: false,
  isNextBookFree: false,
  isLatestVol: false,
  isConcluded: false,
  hasReservableBook: false,
  reserved: false,
  pointCampaign: null,
} satisfies Partial<ViewerBook>;
const next = {
  bookId: 3,
  title: '夜明けの図書館（3）',
  vol: 3,
  imageUrl: '',
  price: 440,
  free: false,
  bought: false,
  startDatetime: 0,
} satisfies VolumeRef;

/** Only the fields the last page reads; the rest of the viewer info does not matter here. */
const infoWith = (over: Partial<ViewerBook> = {}, nextVolume: VolumeRef | null = next) =>
  ({ book_data: { ...book, ...over }, nextVolume }) as unknown as ViewerInfo;
const member = { loggedIn: true, boughtNow: new Set<number>() };

describe('lastPageCommerceInput', () => {
  it('offers an owner the next volume to buy, at the next volume price', () => {
    const info = infoWith();
    expect(lastPageCommerce(lastPageCommerceInput(info, member))).toEqual({ variant: 'bought', message: 'none', next: 'buyNext' });
    expect(lastPageCommerceBook(info)).toEqual({
      id: 2,
      title: '夜明けの図書館（2）',
      vol: 2,
      titleId: 1,
      price: 550,
      nextBookId: 3,
      nextBookTitle: '夜明けの図書館（3）',
      nextBookPrice: 440,
      pointCampaign: null,
    });
  });

  it('treats a free book read in full as bought (§4 free book on load), but not a sample', () => {
    const free = infoWith({ bought: false, free: true, fullAccess: true });
    expect(lastPageCommerce(lastPageCommerceInput(free, member)).variant).toBe('bought');
    const sample = infoWith({ bought: false, fullAccess: false });
    expect(lastPageCommerce(lastPageCommerceInput(sample, member)).variant).toBe('notBought');
    expect(lastPageCommerce(lastPageCommerceInput(sample, { ...member, loggedIn: false })).variant).toBe('guest');
  });

  it('after buying the next volume here it is read, and after buying this book the order is complete', () => {
    const info = infoWith();
    expect(lastPageCommerce(lastPageCommerceInput(info, { loggedIn: true, boughtNow: new Set([3]) })).next).toBe('readNext');
    const sample = infoWith({ bought: false, fullAccess: false });
    expect(lastPageCommerce(lastPageCommerceInput(sample, { loggedIn: true, boughtNow: new Set([2]) })).variant).toBe('orderComplete');
  });

  it('passes the bought-message facts through (§4)', () => {
    const latest = infoWith({ nextBookId: null, nextBookTitle: null, isLatestVol: true, hasReservableBook: true, reserved: true }, null);
    expect(lastPageCommerce(lastPageCommerceInput(latest, member))).toEqual({ variant: 'bought', message: 'reserved', next: 'lastVolume' });
    expect(lastPageCommerceBook(latest).nextBookPrice).toBeNull();
  });
});

describe('purchasedFromLastPage', () => {
  it('is the next volume on the bought page, this book on the not-bought page, nothing elsewhere', () => {
    const info = infoWith();
    expect(purchasedFromLastPage('bought', info)).toBe(3);
    expect(purchasedFromLastPage('notBought', info)).toBe(2);
    expect(purchasedFromLastPage('guest', info)).toBeNull();
  });
});
