import type { CartAppealResponse } from '@hondana/domain/wallet/wallet-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, member } from './support/wallet-factories';

/** §7 Manga coin: `/manga_coin/cart_appeal`. */
let t: TestApp;
let cartSmall: number;
let cartBig: number;
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await db.updateTable('manga_coin_items').set({ active: 0 }).execute();
  const pack = (coin: number, price: number, bonus: number, scene: string, methods = 'creditcard,paypay') => ({
    coin,
    tax_included_price: price,
    bonus,
    bonus_point: 0,
    purchase_limit: null,
    highlight: 'none',
    display_scene: scene,
    payment_methods: methods,
    sort_order: coin,
    active: 1 as const,
  });
  const ids = await db
    .insertInto('manga_coin_items')
    .values([pack(500, 550, 0, 'cart'), pack(1000, 1100, 400, 'cart'), pack(3000, 3300, 0, 'viewer'), pack(100, 110, 0, 'shop')])
    .returning('id')
    .execute();
  [cartSmall, cartBig] = [ids[0]!.id, ids[1]!.id];
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const appeal = async (cookie: string, query = '') => {
  const response = await get(`/api/manga_coin/cart_appeal${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CartAppealResponse>();
};

describe('GET /manga_coin/cart_appeal', () => {
  it('names the shortage of the cart and the cheapest cart pack covering it, coupon appeal above 0.3 bonus per coin', async () => {
    const m = await member(t.app);
    const title = await insertTitle(t.database.db);
    const [a, b, c] = [
      await insertBook(t.database.db, title, 1, { price: 400 }),
      await insertBook(t.database.db, title, 2, { price: 600 }),
      await insertBook(t.database.db, title, 3, { price: 2500 }),
    ];
    expect(await appeal(m.cookie)).toEqual({
      paymentType: 'creditcard',
      cartAmount: 0,
      mangaCoin: 0,
      shortage: 0,
      appeal: 'NONE',
      item: null,
    });

    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 100);
    for (const book of [a, b])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/cart/book', headers: { cookie: m.cookie }, payload: { book_id: book } }))
          .statusCode,
      ).toBe(200);
    // 1000 in the cart, 100 held: 900 short. The 500 pack does not cover it; 1000 + 400 bonus does (400/1000 > 0.3).
    const short = await appeal(m.cookie);
    expect(short).toMatchObject({
      cartAmount: 1000,
      mangaCoin: 100,
      shortage: 900,
      appeal: 'COUPON',
      item: { id: cartBig, coin: 1000, bonus: 400 },
    });

    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 500);
    expect(await appeal(m.cookie)).toMatchObject({ shortage: 400, appeal: 'COIN', item: { id: cartSmall } });

    // Beyond every cart pack the viewer pack is offered; a method without any covering pack gives NONE.
    await t.app.inject({ method: 'POST', url: '/api/cart/book', headers: { cookie: m.cookie }, payload: { book_id: c } });
    expect(await appeal(m.cookie)).toMatchObject({ cartAmount: 3500, shortage: 2900, appeal: 'COIN', item: { coin: 3000 } });
    expect(await appeal(m.cookie, '?payment_type=docomo')).toMatchObject({
      paymentType: 'docomo',
      shortage: 2900,
      appeal: 'NONE',
      item: null,
    });

    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 5000);
    expect(await appeal(m.cookie)).toMatchObject({ shortage: 0, appeal: 'NONE', item: null });
  });

  it('answers a guest 401 and an unknown payment_type 400 naming it', async () => {
    expect((await get('/api/manga_coin/cart_appeal')).statusCode).toBe(401);
    const m = await member(t.app);
    const bad = await get('/api/manga_coin/cart_appeal?payment_type=bitcoin', m.cookie);
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(bad.json().messages.join(' ')).toContain('payment_type');
  });
});
