import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBookOrder } from '../src/modules/orders/cancel-order.service';
import { grantEntitlement } from '../src/modules/orders/entitlements';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { memberClient } from './support/review-helpers';
import { buyWithMangaCoin, grantTo, member as walletMember } from './support/wallet-factories';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 3);
let t: TestApp;
const books: Record<string, number> = {};

async function own(userId: number, bookId: number) {
  await t.database.db.transaction().execute((trx) =>
    grantEntitlement(trx, { userId, bookId, possessionStatus: 'OWNED', source: 'GRANT', orderId: null, now: NOW }),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const { db } = t.database;
  const titleId = await insertTitle(db, { name: 'オフラインの本', kana: 'オフラインノホン' });
  for (const vol of [1, 2, 3]) books[`vol${vol}`] = await insertBook(db, titleId, vol, { price: 300 });
  books.later = await insertBook(db, titleId, 4, { start_datetime: NOW + 10 * DAY, sales_status: 'IN_RESERVATION' });
});
afterAll(async () => {
  await t?.close();
});

const check = (client: ReturnType<typeof memberClient>, ids: number[]) => client.get(`/api/user_books/me/offline?book_ids=${ids.join(',')}`);

describe('GET /api/user_books/me/offline (which saved books a device may keep)', () => {
  it('answers 401 to a guest and names book_ids in a 400', async () => {
    expect((await check(memberClient(t.app), [books.vol1!])).statusCode).toBe(401);
    const alice = await walletMember(t.app);
    const client = memberClient(t.app, alice.cookie);
    for (const query of ['', '?book_ids=', '?book_ids=a,b', `?book_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const response = await client.get(`/api/user_books/me/offline${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.join(' '), query).toContain('book_ids:');
    }
  });

  it('keeps only the asking member\'s own released books, never another member\'s', async () => {
    const alice = await walletMember(t.app);
    const bob = await walletMember(t.app);
    await own(alice.userId, books.vol1!);
    await own(alice.userId, books.later!);
    await own(bob.userId, books.vol2!);
    const response = await check(memberClient(t.app, alice.cookie), [books.vol1!, books.vol2!, books.later!, 999_999]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ bookIds: [books.vol1] });
    expect((await check(memberClient(t.app, bob.cookie), [books.vol1!, books.vol2!])).json()).toEqual({ bookIds: [books.vol2] });
  });

  it('drops a book whose order was cancelled', async () => {
    const { db } = t.database;
    const buyer = await walletMember(t.app);
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000, { now: NOW });
    const bought = await buyWithMangaCoin(t.app, buyer.cookie, books.vol3!, 300);
    expect(bought.statusCode, bought.body).toBe(200);
    const client = memberClient(t.app, buyer.cookie);
    expect((await check(client, [books.vol3!])).json()).toEqual({ bookIds: [books.vol3] });
    const order = await db
      .selectFrom('order_items as oi')
      .innerJoin('orders as o', 'o.id', 'oi.order_id')
      .select('oi.order_id')
      .where('oi.book_id', '=', books.vol3!)
      .where('o.user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    await cancelBookOrder(db, order.order_id, 'test', NOW);
    expect((await check(client, [books.vol3!])).json()).toEqual({ bookIds: [] });
  });

  it('a pre-ordered book becomes keepable on its release date (the injectable clock)', async () => {
    const later = await buildTestApp({ clock: () => new Date(NOW + 11 * DAY) });
    try {
      const carol = await walletMember(later.app);
      await later.database.db.transaction().execute(async (trx) => {
        const titleId = await insertTitle(trx, { name: '発売待ち', kana: 'ハツバイマチ' });
        const bookId = await insertBook(trx, titleId, 1, { start_datetime: NOW + 10 * DAY });
        await grantEntitlement(trx, { userId: carol.userId, bookId, possessionStatus: 'RESERVED', source: 'PURCHASE', orderId: null, now: NOW });
        books.released = bookId;
      });
      expect((await check(memberClient(later.app, carol.cookie), [books.released!])).json()).toEqual({ bookIds: [books.released] });
    } finally {
      await later.close();
    }
  });
});
