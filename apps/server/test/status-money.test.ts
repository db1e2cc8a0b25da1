import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, member, sandboxCardId, tokenFor } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const status = async (cookie: string) => (await t.app.inject({ url: '/api/common/get_status', headers: { cookie } })).json();

describe('get_status of a member (§3 User status)', () => {
  it('shows the coin and manga coin balances and the first purchase until a paid book order', async () => {
    const m = await member(t.app);
    expect(await status(m.cookie)).toMatchObject({ coin: 0, mangaCoin: 0, isFirstBuy: true, firstBuyFlg: true, hasPaid: false });
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 800);
    await grantTo(t.database.db, m.userId, 'COIN', 120);
    expect(await status(m.cookie)).toMatchObject({ coin: 120, mangaCoin: 800, isFirstBuy: true });
    const book = await insertBook(t.database.db, await insertTitle(t.database.db), 1, { price: 500 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 500)).statusCode).toBe(200);
    expect(await status(m.cookie)).toMatchObject({ coin: 120, mangaCoin: 300, isFirstBuy: false, firstBuyFlg: false, hasPaid: false });
  });

  it('counts expired lots out of the balance', async () => {
    const m = await member(t.app);
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 50, { expiresAt: Date.now() - 1000, now: Date.now() - 10_000 });
    expect((await status(m.cookie)).mangaCoin).toBe(0);
  });

  it('has paid once a coin pack payment is confirmed', async () => {
    const m = await member(t.app);
    const pack = (await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard' })).json().items[0];
    const token = await tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token');
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { itemId: pack.id, paymentType: 'creditcard', cardId: await sandboxCardId(t.app) },
    });
    expect(bought.statusCode).toBe(200);
    expect(await status(m.cookie)).toMatchObject({ hasPaid: true, mangaCoin: pack.coin + pack.bonus });
  });

  it('a guest holds nothing and is not a first buyer', async () => {
    expect((await t.app.inject({ url: '/api/common/get_status' })).json()).toMatchObject({
      coin: 0,
      mangaCoin: 0,
      isFirstBuy: false,
      hasPaid: false,
    });
  });
});
