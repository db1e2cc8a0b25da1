import { LayoutType } from '@hondana/domain/catalog/catalog';
import { lastPageCommerce } from '@hondana/domain/orders/last-page-commerce';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { lastPageCommerceBook, lastPageCommerceInput } from '@hondana/domain/orders/last-page-input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { signPageQuery } from '../src/media/signed-urls';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { grantOwnership, userIdOf } from './support/reading-factories';
import { grantEntitlement } from '../src/modules/orders/entitlements';

const START = Date.parse('2026-11-22T03:00:00Z');
let now = START;
let t: TestApp;
let owner: string;
let stranger: string;
let ownerId: number;
/** A fixed-layout demo book of at least 12 pages that is not free. */
let bookId: number;
let sampleTotal: number;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none', now: new Date(START) });
  const book = await t.database.db
    .selectFrom('books')
    .select(['id', 'sample_page_total'])
    .where('layout_type', '=', LayoutType.FIXED)
    .where('page_count', '>=', 12)
    .where('free_flg', '=', 0)
    .where('custom_sample_pages', 'is', null)
    .where('start_datetime', '<=', START)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  bookId = book.id;
  sampleTotal = book.sample_page_total;
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  ownerId = await userIdOf(t.app, owner);
  await grantOwnership(t.database.db, ownerId, bookId);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const info = async (id: number, cookie?: string): Promise<ViewerInfo> => {
  const response = await get(`/api/browser/bookinfo/v2?bookId=${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const urlOf = (data: ViewerInfo, page: number, width = 720) =>
  data.pages_data.pages.find((p) => p.page === page)!.images.find((i) => i.width === width)!.webp;

describe('GET /api/browser/bookinfo/v2', () => {
  it('gives a guest every page size but image URLs only for the sample', async () => {
    const data = await info(bookId);
    expect(data.layoutType).toBe(LayoutType.FIXED);
    expect(data.readingPage).toBeNull();
    expect(data.book_data).toMatchObject({ id: bookId, bought: false, possessionStatus: 'NONE', fullAccess: false });
    expect(data.book_data.samplePageTotal).toBe(sampleTotal);
    expect(data.pages_data.pages).toHaveLength(data.pages_data.totalPage);
    for (const page of data.pages_data.pages) {
      expect(page.accessible).toBe(page.page < sampleTotal);
      expect(page.images.length).toBe(page.accessible ? 2 : 0);
    }
    expect(data.pages_data.urlExpiresAt).toBeGreaterThan(now);
    expect(data.pages_data.urlExpiresAt! - now).toBeLessThanOrEqual(6 * 60_000);
  });

  it('gives the owner every page', async () => {
    const data = await info(bookId, owner);
    expect(data.book_data).toMatchObject({ bought: true, possessionStatus: 'OWNED', fullAccess: true });
    expect(data.pages_data.pages.every((p) => p.accessible && p.images.length === 2)).toBe(true);
  });

  it('names the bad field, and answers an unknown book with 404', async () => {
    for (const query of ['', '?bookId=abc', '?bookId=-1']) {
      const response = await get(`/api/browser/bookinfo/v2${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('BAD_REQUEST');
      expect(response.json().messages[0]).toMatch(/^bookId: /);
    }
    expect((await get('/api/browser/bookinfo/v2?bookId=999999')).statusCode).toBe(404);
  });

  it('opens genre 11–17 books left to right, and detects wide pages from their size', async () => {
    const titleId = await insertTitle(t.database.db, { genre_id: 12 });
    const id = await insertBook(t.database.db, titleId, 1, { page_count: 3 });
    await t.database.db
      .insertInto('book_pages')
      .values([
        { book_id: id, page_no: 0, width: 1080, height: 1536, wide_flg: 0 },
        { book_id: id, page_no: 1, width: 2160, height: 1536, wide_flg: 0 },
        { book_id: id, page_no: 2, width: 1080, height: 1536, wide_flg: 0 },
      ])
      .execute();
    const data = await info(id);
    expect(data.book_data).toMatchObject({ direction: 'ltr', forcedHorizontal: true, genreId: 12 });
    expect(data.pages_data.pages.map((p) => p.wide)).toEqual([false, true, false]);
    const rtl = await info(bookId);
    expect(rtl.book_data.direction).toBe('rtl');
  });
});

describe('last page facts in book_data (§4 bought message, next volume)', () => {
  it('says whether a later volume is released, can be pre-ordered, or is pre-ordered by the member', async () => {
    const titleId = await insertTitle(t.database.db);
    const vol1 = await insertBook(t.database.db, titleId, 1);
    const vol2 = await insertBook(t.database.db, titleId, 2, { price: 660, tax_amount: 60 });
    const vol3 = await insertBook(t.database.db, titleId, 3, { start_datetime: START + 30 * 86_400_000 });
    await grantOwnership(t.database.db, ownerId, vol1);
    await grantOwnership(t.database.db, ownerId, vol2);

    const first = await info(vol1, owner);
    expect(first.book_data).toMatchObject({
      nextBookId: vol2,
      isNextBookBought: true,
      isLatestVol: false,
      hasReservableBook: true,
      reserved: false,
    });
    const session = { loggedIn: true, boughtNow: new Set<number>() };
    expect(lastPageCommerce(lastPageCommerceInput(first, session))).toEqual({ variant: 'bought', message: 'none', next: 'readNext' });

    // Volume 2 is the latest released one; volume 3 is a pre-order.
    const second = await info(vol2, owner);
    expect(second.book_data).toMatchObject({ nextBookId: vol3, isLatestVol: true, hasReservableBook: true, reserved: false });
    expect(lastPageCommerceBook(second)).toMatchObject({ id: vol2, price: 660, nextBookId: vol3, nextBookPrice: 550 });
    expect(lastPageCommerce(lastPageCommerceInput(second, session)).message).toBe('canPreOrder');

    await t.database.db
      .transaction()
      .execute((trx) =>
        grantEntitlement(trx, { userId: ownerId, bookId: vol3, possessionStatus: 'RESERVED', source: 'PURCHASE', orderId: null, now }),
      );
    const reservedNow = await info(vol2, owner);
    expect(reservedNow.book_data).toMatchObject({ reserved: true, hasReservableBook: true });
    expect(lastPageCommerce(lastPageCommerceInput(reservedNow, session)).message).toBe('reserved');

    // A stranger holds nothing: not reserved, and a guest's book_data says the same.
    expect((await info(vol2, stranger)).book_data.reserved).toBe(false);
    expect((await info(vol2)).book_data).toMatchObject({ reserved: false, hasReservableBook: true, isNextBookBought: false });
  });

  it('has nothing to reserve on the last volume of a concluded title', async () => {
    const titleId = await insertTitle(t.database.db, { complete_flg: 1 });
    await insertBook(t.database.db, titleId, 1);
    const last = await insertBook(t.database.db, titleId, 2);
    await grantOwnership(t.database.db, ownerId, last);
    const data = await info(last, owner);
    expect(data.book_data).toMatchObject({
      nextBookId: null,
      isLatestVol: true,
      isConcluded: true,
      hasReservableBook: false,
      reserved: false,
    });
    expect(lastPageCommerceBook(data).nextBookPrice).toBeNull();
    const view = lastPageCommerce(lastPageCommerceInput(data, { loggedIn: true, boughtNow: new Set() }));
    expect(view).toEqual({ variant: 'bought', message: 'none', next: 'lastVolume' });
  });
});

describe('adult gate (§4, §6)', () => {
  it('asks for the age check on an R18 book, opens it for a confirmed adult, and hides NOT_POST', async () => {
    const r18 = await insertBook(t.database.db, await insertTitle(t.database.db, { erotic_type: 4 }), 1);
    const hidden = await insertBook(t.database.db, await insertTitle(t.database.db, { erotic_type: 9 }), 1);
    const viewers = await adultViewers(t.app);
    for (const cookie of [undefined, viewers.unconfirmed, viewers.under18]) {
      const response = await get(`/api/browser/bookinfo/v2?bookId=${r18}&ac=1`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorCode: 'ADULT_CHECK_REQUIRED' });
    }
    expect((await get(`/api/browser/bookinfo/v2?bookId=${r18}&ac=1`, viewers.adult)).json().book_data.eroticType).toBe(4);
    expect((await get(`/api/browser/bookinfo/v2?bookId=${hidden}&ac=1`, viewers.adult)).statusCode).toBe(404);
  });

  it('a confirmed adult reads an R18 book only with ac=1, as titles and books answer', async () => {
    const titleId = await insertTitle(t.database.db, { erotic_type: 4 });
    const r18 = await insertBook(t.database.db, titleId, 1);
    const { adult } = await adultViewers(t.app);
    const reads = (ac: string) => [
      ['GET', `/api/browser/bookinfo/v2?bookId=${r18}${ac}`],
      ['GET', `/api/browser/custom_sample/${r18}${ac.replace('&', '?')}`],
      ['GET', `/api/browser/book_text?book_id=${r18}${ac}`],
      ['GET', `/api/book/sync_page?book_id=${r18}${ac}`],
      ['GET', `/api/bookmarks/me?book_id=${r18}${ac}`],
      ['DELETE', `/api/bookmarks/me?book_id=${r18}&page=0${ac}`],
    ];
    for (const ac of ['', '&ac=0']) {
      expect((await get(`/api/titles/${titleId}${ac.replace('&', '?')}`, adult)).statusCode).toBe(404);
      for (const [method, url] of reads(ac)) {
        const response = await t.app.inject({ method: method as 'GET', url: url!, headers: { cookie: adult } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      for (const [url, payload] of [
        ['/api/book/sync_page', { book_id: r18, reading_page: 1, ac: ac === '' ? undefined : 0 }],
        ['/api/bookmarks/me', { book_id: r18, page: 1 }],
        ['/api/finish_read/register', { book_id: r18 }],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url, headers: { cookie: adult }, payload });
        expect(response.statusCode, url).toBe(404);
      }
    }
    expect((await get(`/api/browser/bookinfo/v2?bookId=${r18}&ac=1`, adult)).statusCode).toBe(200);
    expect((await get(`/api/titles/${titleId}?ac=1`, adult)).statusCode).toBe(200);
    expect((await get(`/api/bookmarks/me?book_id=${r18}&ac=1`, adult)).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/bookmarks/me',
      headers: { cookie: adult },
      payload: { book_id: r18, page: 1, ac: 1 },
    });
    expect(added.statusCode).toBe(200);
  });
});

describe('GET /media/pages with signed URLs', () => {
  it('serves sample pages to anyone and refuses page 10 to a non-owner', async () => {
    const data = await info(bookId, stranger);
    const sample = await get(urlOf(data, 0));
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('image/webp');
    expect(sample.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect((await get(urlOf(data, sampleTotal - 1, 1080).replace('.webp', '.jpg'))).statusCode).toBe(200);
    // Page 10 has no URL for a stranger; forging one from a sample grant or going unsigned is 403.
    expect(data.pages_data.pages[10]!.images).toEqual([]);
    const forged = urlOf(data, 0).replace(`/${bookId}/0/`, `/${bookId}/10/`);
    expect((await get(forged)).statusCode).toBe(403);
    expect((await get(`/media/pages/${bookId}/10/720.webp`)).json()).toEqual({ errorCode: 'FORBIDDEN' });
    const sampleGrant = signPageQuery('test-media-key', bookId, 10, { kind: 'sample' }, now + 60_000);
    expect((await get(`/media/pages/${bookId}/10/720.webp?${sampleGrant}`)).statusCode).toBe(403);
  });

  it('serves page 10 to its owner, privately', async () => {
    const response = await get(urlOf(await info(bookId, owner), 10));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('refuses a member grant for someone who does not own the book', async () => {
    const strangerId = await userIdOf(t.app, stranger);
    const query = signPageQuery('test-media-key', bookId, 10, { kind: 'member', userId: strangerId }, now + 60_000);
    expect((await get(`/media/pages/${bookId}/10/720.webp?${query}`)).statusCode).toBe(403);
  });

  it('refuses a URL once it has expired', async () => {
    const url = urlOf(await info(bookId, owner), 10);
    expect((await get(url)).statusCode).toBe(200);
    now += 6 * 60_000 + 1;
    try {
      expect((await get(url)).statusCode).toBe(403);
      expect((await get(urlOf(await info(bookId, owner), 10))).statusCode).toBe(200);
    } finally {
      now = START;
    }
  });

  it('refuses a tampered URL', async () => {
    const url = urlOf(await info(bookId, owner), 10);
    const params = new URL(url, 'http://x').searchParams;
    const sig = params.get('s')!;
    const flipped = url.replace(`s=${sig}`, `s=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await get(flipped)).statusCode).toBe(403);
    const later = url.replace(`e=${params.get('e')}`, `e=${Number(params.get('e')) + 3600}`);
    expect((await get(later)).statusCode).toBe(403);
    const otherGrant = url.replace(`g=${params.get('g')}`, 'g=f');
    expect((await get(otherGrant)).statusCode).toBe(403);
    const otherBook = url.replace(`/pages/${bookId}/`, `/pages/${bookId + 1}/`);
    expect((await get(otherBook)).statusCode).toBe(403);
  });

  it('serves every page of a book free now to a guest', async () => {
    const titleId = await insertTitle(t.database.db);
    const id = await insertBook(t.database.db, titleId, 1, { page_count: 12, free_flg: 1 });
    await t.database.db
      .insertInto('book_pages')
      .values(Array.from({ length: 12 }, (_, page) => ({ book_id: id, page_no: page, width: 1080, height: 1536, wide_flg: 0 as const })))
      .execute();
    const data = await info(id);
    expect(data.book_data).toMatchObject({ free: true, fullAccess: true });
    expect((await get(urlOf(data, 10))).statusCode).toBe(200);
  });
});

describe('custom sample (§4)', () => {
  let id: number;
  beforeAll(async () => {
    const titleId = await insertTitle(t.database.db);
    id = await insertBook(t.database.db, titleId, 1, { page_count: 12, custom_sample_pages: '[0,4,7]' });
    await t.database.db
      .insertInto('book_pages')
      .values(Array.from({ length: 12 }, (_, page) => ({ book_id: id, page_no: page, width: 1080, height: 1536, wide_flg: 0 as const })))
      .execute();
  });

  it('tells a non-owner to read the custom sample, which holds only its pages', async () => {
    const v2 = await info(id);
    expect(v2.book_data).toMatchObject({ useCustomSample: true, hasCustomSample: true, customSamplePages: [0, 4, 7] });
    expect(v2.pages_data.pages.filter((p) => p.accessible).map((p) => p.page)).toEqual([0, 4, 7]);
    const response = await get(`/api/browser/custom_sample/${id}`);
    expect(response.statusCode).toBe(200);
    const sample: ViewerInfo = response.json();
    expect(sample.pages_data.pages.map((p) => p.page)).toEqual([0, 4, 7]);
    expect((await get(urlOf(sample, 4))).statusCode).toBe(200);
  });

  it('answers 404 for a book without a custom sample and 400 naming book_id', async () => {
    expect((await get(`/api/browser/custom_sample/${bookId}`)).statusCode).toBe(404);
    const bad = await get('/api/browser/custom_sample/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/^book_id: /);
  });
});

describe('GET /api/browser/book_text (reflow books)', () => {
  let textId: number;
  beforeAll(async () => {
    const book = await t.database.db
      .selectFrom('books')
      .select('id')
      .where('layout_type', '=', LayoutType.REFLOW)
      .where('free_flg', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    textId = book.id;
  });

  it('gives a non-owner the sample chapter as HTML with ruby, and refuses the others', async () => {
    const data = await info(textId);
    expect(data.layoutType).toBe(LayoutType.REFLOW);
    expect(data.book_data.writingMode).toBe('vertical');
    const response = await get(`/api/browser/book_text?book_id=${textId}`);
    expect(response.statusCode).toBe(200);
    const text = response.json();
    expect(text.chapters.length).toBeGreaterThan(1);
    expect(text.chapters[0].sample).toBe(true);
    expect(text.chapters[0].html).toMatch(/^<p>/);
    expect(text.chapters.map((c: { html: string | null }) => c.html !== null)).toEqual(
      text.chapters.map((c: { sample: boolean }) => c.sample),
    );
    expect(text.chapters.some((c: { html: string | null }) => c.html?.includes('<ruby>'))).toBe(true);
    expect((await get(`/api/browser/book_text?book_id=${textId}&chapter=1`)).statusCode).toBe(403);
  });

  it('gives the owner every chapter', async () => {
    const member = await signUp(t.app);
    await grantOwnership(t.database.db, await userIdOf(t.app, member), textId);
    const response = await get(`/api/browser/book_text?book_id=${textId}&chapter=1`, member);
    expect(response.statusCode).toBe(200);
    expect(response.json().chapters[0].html).toMatch(/^<p>/);
  });

  it('answers 404 for an image book and 400 naming the bad field', async () => {
    expect((await get(`/api/browser/book_text?book_id=${bookId}`)).statusCode).toBe(404);
    const bad = await get(`/api/browser/book_text?book_id=${textId}&chapter=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/^chapter: /);
  });
});
