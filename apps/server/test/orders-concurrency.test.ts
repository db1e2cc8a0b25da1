import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const TOKEN_URL = '/api/order/book/manga_coin/create_token';

const buy = (cookie: string, token: string, bookId: number, price: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/book/manga_coin/buy',
    headers: { cookie },
    payload: { token, book_id: bookId, checked_price: price },
  });

const count = async (table: 'orders' | 'user_books', userId: number) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('concurrent purchases', () => {
  it('100 parallel buys of different books with coins for 10: exactly 10 orders, balance 0, never negative', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const books = await Promise.all(Array.from({ length: 100 }, (_, i) => insertBook(db(), title, i + 1, { price: 100 })));
    // Several lots of different expiries and kinds, so spends cross lot boundaries.
    await grantTo(db(), m.userId, 'MANGA_COIN', 250, { paid: true, yenValue: 250 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 350, { expiresAt: Date.now() + 1e9 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 400, { paid: true, yenValue: 400, expiresAt: Date.now() + 2e9 });
    const tokens = await Promise.all(books.map(() => tokenFor(t.app, m.cookie, TOKEN_URL)));
    const responses = await Promise.all(books.map((bookId, i) => buy(m.cookie, tokens[i]!, bookId, 100)));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().errorCode}`))).toEqual(new Set(['403 CART_NOT_ENOUGH_MANGA_COIN']));
    expect(await count('orders', m.userId)).toBe(10);
    expect(await count('user_books', m.userId)).toBe(10);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(0);
    const negative = await db().selectFrom('wallet_lots').select('id').where('remaining', '<', 0).execute();
    expect(negative).toEqual([]);
  });

  it('one token replayed 20 times in parallel: one order, one spend, the same answer to all', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000);
    const token = await tokenFor(t.app, m.cookie, TOKEN_URL);
    const responses = await Promise.all(Array.from({ length: 20 }, () => buy(m.cookie, token, book, 300)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await count('orders', m.userId)).toBe(1);
    const spends = await db()
      .selectFrom('wallet_ledger')
      .select('amount')
      .where('user_id', '=', m.userId)
      .where('kind', '=', 'SPEND')
      .execute();
    expect(spends).toEqual([{ amount: -300 }]);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(700);
  });

  it('the same book bought with 10 tokens at once is bought once', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 100 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => tokenFor(t.app, m.cookie, TOKEN_URL)));
    const responses = await Promise.all(tokens.map((token) => buy(m.cookie, token, book, 100)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(new Set(['ALREADY_BUY']));
    expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(900);
  });

  it('many members buying at once each pay only for their own books', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member(t.app)));
    const title = await insertTitle(db());
    const books = await Promise.all(Array.from({ length: 5 }, (_, i) => insertBook(db(), title, i + 1, { price: 100 })));
    for (const m of members) await grantTo(db(), m.userId, 'MANGA_COIN', 300);
    const jobs = members.flatMap((m) =>
      books.map(async (bookId) => buy(m.cookie, await tokenFor(t.app, m.cookie, TOKEN_URL), bookId, 100)),
    );
    const responses = await Promise.all(jobs);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(8 * 3);
    for (const m of members) expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(0);
  });
});
