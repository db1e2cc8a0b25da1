import { afterEach, describe, expect, it } from 'vitest';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import {
  type ProcessDatabase,
  type ServerProcess,
  client,
  createProcessDatabase,
  confirmEmailThrough,
  startServer,
} from './support/server-processes';
import { testDialect } from './support/test-database';
import { grantTo, ledgerInvariant } from './support/wallet-factories';

/**
 * Purchases across real server processes (`tsx apps/server/src/main.ts`): a crash in the middle
 * of a stream of purchases, and two processes sharing one PostgreSQL database.
 */
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.destroy();
  database = null;
});

async function setup(books: number, coins: number) {
  database = await createProcessDatabase();
  const db = database.handle.db;
  const title = await insertTitle(db);
  const bookIds: number[] = [];
  for (let i = 1; i <= books; i += 1) bookIds.push(await insertBook(db, title, i, { price: 100 }));
  const server = await startServer(database.env);
  servers.push(server);
  const api = client(`${server.url}/api`);
  const signup = await api.post('/auth/signup', createMember());
  expect(signup.status).toBe(200);
  const userId = signup.json.userId as number;
  await confirmEmailThrough(api, database, userId);
  await grantTo(db, userId, 'MANGA_COIN', coins, { paid: true, yenValue: coins });
  return { db, server, api, userId, bookIds };
}

async function buyOne(api: ReturnType<typeof client>, bookId: number) {
  const token = (await api.get('/order/book/manga_coin/create_token')).json.status!.token!;
  return api.post('/order/book/manga_coin/buy', { token, book_id: bookId, checked_price: 100 });
}

describe('purchases across processes', () => {
  it('after kill -9 during a stream of purchases, every order is complete with its ledger and entitlement, or absent', async () => {
    const { db, server, api, userId, bookIds } = await setup(300, 1_000_000);
    let next = 0;
    let completed = 0;
    const worker = async () => {
      while (next < bookIds.length) {
        const bookId = bookIds[next++]!;
        try {
          if ((await buyOne(api, bookId)).status === 200) completed += 1;
        } catch {
          return; // the server is gone
        }
      }
    };
    const stream = Promise.all(Array.from({ length: 6 }, worker));
    while (completed < 20) await new Promise((r) => setTimeout(r, 10));
    await server.stop('SIGKILL');
    await stream;

    const restarted = await startServer(database!.env);
    servers.push(restarted);
    const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
    expect(orders.length).toBeGreaterThanOrEqual(completed);
    expect(orders.length).toBeLessThan(bookIds.length);
    for (const order of orders) {
      expect(order.status).toBe('COMPLETE');
      const items = await db.selectFrom('order_items').select('book_id').where('order_id', '=', order.id).execute();
      expect(items).toHaveLength(1);
      const owned = await db
        .selectFrom('user_books')
        .select('order_id')
        .where('user_id', '=', userId)
        .where('book_id', '=', items[0]!.book_id)
        .executeTakeFirst();
      expect(owned?.order_id).toBe(order.id);
      const spent = await db
        .selectFrom('wallet_ledger')
        .select('amount')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'SPEND')
        .execute();
      expect(spent.reduce((s, e) => s + e.amount, 0)).toBe(-100);
    }
    const entitlements = await db.selectFrom('user_books').select('book_id').where('user_id', '=', userId).execute();
    expect(entitlements).toHaveLength(orders.length);
    // No coin lost or created: what is held is the grant less what the orders took.
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(1_000_000 - 100 * orders.length);
    // The restarted process goes on selling.
    const again = client(`${restarted.url}/api`, api.cookie());
    const unbought = bookIds.find((id) => !entitlements.some((e) => e.book_id === id))!;
    const resumed = await buyOne(again, unbought);
    expect(resumed.status, JSON.stringify(resumed.json)).toBe(200);
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(1_000_000 - 100 * (orders.length + 1));
  }, 120_000);

  it.skipIf(testDialect !== 'postgres')(
    'two processes on one PostgreSQL database sell coins for 10 books exactly 10 times',
    async () => {
      const { db, api, userId, bookIds } = await setup(100, 1000);
      const second = await startServer(database!.env);
      servers.push(second);
      const apis = [api, api.at(`${second.url}/api`)];
      const responses = await Promise.all(bookIds.map((bookId, i) => buyOne(apis[i % 2]!, bookId)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
      expect(new Set(responses.filter((r) => r.status !== 200).map((r) => r.json.errorCode))).toEqual(
        new Set(['CART_NOT_ENOUGH_MANGA_COIN']),
      );
      expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(0);

      // One token sent 20 times to both processes at once: one order.
      await grantTo(db, userId, 'MANGA_COIN', 500);
      const token = (await api.get('/order/book/manga_coin/create_token')).json.status!.token!;
      const book = bookIds.find((_, i) => responses[i]!.status !== 200)!;
      const replays = await Promise.all(
        Array.from({ length: 20 }, (_, i) => apis[i % 2]!.post('/order/book/manga_coin/buy', { token, book_id: book, checked_price: 100 })),
      );
      expect(replays.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(replays.map((r) => JSON.stringify(r.json))).size).toBe(1);
      expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(400);
    },
    120_000,
  );
});
