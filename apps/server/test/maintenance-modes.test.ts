import { LayoutType } from '@hondana/domain/catalog/catalog';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { routeKind } from '../src/http/maintenance-gate';
import { type MaintenanceMode, readMaintenanceMode } from '../src/ops/maintenance';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { grantOwnership } from './support/reading-factories';
import { routesOf } from './support/routes';
import { testDialect } from './support/test-database';
import { buyWithMangaCoin, grantTo, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/** §4 maintenance modes set by the operator: what each closes, and that reading owned books stays open. */
let t: TestApp;
let owner: { cookie: string; userId: number };
let ownedBook: number;
const unownedBooks: { id: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await ensureDemoCatalog(t.database, { dataDir: t.database.dataDir, images: 'none' });
  const { db } = t.database;
  const books = await db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select(['books.id'])
    .where('titles.erotic_type', '=', 0)
    .where('layout_type', '=', LayoutType.FIXED)
    .where('free_flg', '=', 0)
    .where('sales_status', '=', 'ON_SALE')
    .where('start_datetime', '<=', Date.now())
    .where('page_count', '>=', 8)
    .orderBy('books.id')
    .limit(4)
    .execute();
  ownedBook = books[0]!.id;
  unownedBooks.push(...books.slice(1).map((b) => ({ id: b.id })));
  owner = await member(t.app);
  await grantOwnership(db, owner.userId, ownedBook);
  await grantTo(db, owner.userId, 'MANGA_COIN', 100_000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const setMode = (mode: MaintenanceMode) => t.app.deps.maintenance.set(mode, t.app.deps.changes);
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

async function statusMode(cookie?: string): Promise<string> {
  const response = await get('/api/common/get_status', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ maintenanceMode: string }>().maintenanceMode;
}

async function buyCoinPack() {
  const token = await tokenFor(t.app, owner.cookie, '/api/manga_coin/purchase/create_token');
  const items = (await get('/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop', owner.cookie)).json<{
    items: { id: number; limit: number | null }[];
  }>().items;
  const item = items.find((i) => i.limit === null)!;
  const cardId = await sandboxCardId(t.app);
  return t.app.inject({
    method: 'POST',
    url: `/api/manga_coin/purchase?token=${token}`,
    headers: { cookie: owner.cookie },
    payload: { itemId: item.id, paymentType: 'creditcard', cardId },
  });
}

/** Buys a volume with manga coins at the price the store shows now. */
async function buyVolume(bookId: number) {
  const price = (await get(`/api/books/${bookId}`)).json<{ price: number }>().price;
  return buyWithMangaCoin(t.app, owner.cookie, bookId, price);
}

/** The owner opens their book: full access, and a page image past the sample is served. */
async function readOwnedBook(): Promise<number> {
  const info = await get(`/api/browser/bookinfo/v2?bookId=${ownedBook}`, owner.cookie);
  if (info.statusCode !== 200) return info.statusCode;
  const data = info.json<ViewerInfo>();
  expect(data.book_data.fullAccess).toBe(true);
  const last = data.pages_data.pages.at(-1)!;
  const image = await get(last.images[0]!.webp, owner.cookie);
  return image.statusCode;
}

describe(`maintenance modes (${testDialect})`, () => {
  it('the mode is stored in the database and get_status reports it to guests and members', async () => {
    expect(await statusMode()).toBe('normal');
    for (const mode of ['deca', 'coin', 'pay', 'all', 'normal'] as const) {
      await setMode(mode);
      expect(await readMaintenanceMode(t.database.db)).toBe(mode);
      expect(await statusMode()).toBe(mode);
      expect(await statusMode(owner.cookie)).toBe(mode);
    }
  });

  it('coin: a coin pack purchase is refused with PAYMENT_MAINTENANCE; buying a volume with coins and reading go on', async () => {
    await setMode('coin');
    const refused = await buyCoinPack();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ errorCode: 'PAYMENT_MAINTENANCE' });
    const book = unownedBooks[0]!;
    expect((await buyVolume(book.id)).statusCode).toBe(200);
    expect(await readOwnedBook()).toBe(200);
    await setMode('normal');
    expect((await buyCoinPack()).statusCode).toBe(200);
  });

  it('pay: every payment is closed (volumes MAINTENANCE, coin packs PAYMENT_MAINTENANCE); browsing and reading go on', async () => {
    await setMode('pay');
    const book = unownedBooks[1]!;
    const volume = await buyVolume(book.id);
    expect(volume.statusCode).toBe(503);
    expect(volume.json()).toMatchObject({ errorCode: 'MAINTENANCE' });
    expect((await buyCoinPack()).json()).toMatchObject({ errorCode: 'PAYMENT_MAINTENANCE' });
    expect((await get(`/api/books/v3/${book.id}`)).statusCode).toBe(200);
    expect(await readOwnedBook()).toBe(200);
    await setMode('normal');
    expect((await buyVolume(book.id)).statusCode).toBe(200);
  });

  it('all: the API answers 503 MAINTENANCE except the status calls, store URLs get the Japanese maintenance page, reading stops', async () => {
    await setMode('all');
    const api = await get(`/api/books/v3/${ownedBook}`);
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ errorCode: 'MAINTENANCE' });
    expect(api.headers['x-request-id']).toBeDefined();
    expect((await get('/api/common/get_time')).statusCode).toBe(200);
    expect((await get('/healthz')).statusCode).toBe(200);
    expect(await readOwnedBook()).toBe(503);
    const page = await get(`/media/covers/${ownedBook}/cover.jpg`);
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('ただいまメンテナンス中です');
    await setMode('normal');
    expect((await get(`/api/books/v3/${ownedBook}`)).statusCode).toBe(200);
    expect(await readOwnedBook()).toBe(200);
  });

  it('deca: reported to the client, nothing closed', async () => {
    await setMode('deca');
    expect((await buyCoinPack()).statusCode).toBe(200);
    expect(await readOwnedBook()).toBe(200);
    await setMode('normal');
  });

  it('the gate knows every payment route the store has (no route renamed out of its reach)', () => {
    const kinds = new Map<string, string[]>();
    for (const route of routesOf(t.app)) {
      for (const method of route.methods) {
        const kind = routeKind(method, route.url);
        if (kind === 'payment' || kind === 'coin-payment') kinds.set(kind, [...(kinds.get(kind) ?? []), `${method} ${route.url}`]);
      }
    }
    expect(kinds.get('coin-payment')!.sort()).toEqual([
      'POST /api/manga_coin/purchase',
      'POST /api/manga_coin_sales_subscription_plans/:id',
      'POST /api/manga_coin_sales_subscription_plans/docomo/:id',
      'POST /api/manga_coin_sales_subscription_plans/softbank/:id',
    ]);
    expect(kinds.get('payment')!.sort()).toEqual([
      'POST /api/cart/order/v2',
      'POST /api/cart/order/v3',
      'POST /api/order/book/manga_coin/buy',
      'POST /api/order/buy',
      'POST /api/order/buy/v2',
      'POST /api/pre_order/manga_coin/order/book',
    ]);
  });
});
