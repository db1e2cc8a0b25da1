import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as rewriteLegacyLines } from '../src/db/migrations/2026-11-25T0810-ledger-lines-japanese';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { episodeAction, insertSerial } from './support/serial-factories';
import { buyWithMangaCoin, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/**
 * The wallet's ledger lines are Japanese and name what they were for: the
 * wallet and payment history show them as they are.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

async function ledgerLines(cookie: string): Promise<string[]> {
  const history = await t.app.inject({ url: '/api/manga_coin/history?offset=0&limit=100', headers: { cookie } });
  expect(history.statusCode).toBe(200);
  return history.json<{ history: { reason: string }[] }>().history.map((h) => h.reason);
}

describe('ledger lines', () => {
  it('a member who bought a coin pack and a volume and rented an episode reads only Japanese lines naming them', async () => {
    const m = await member(t.app);
    const token = await tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token');
    const packs = (await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop' })).json<{
      items: { id: number; coin: number }[];
    }>().items;
    const pack = packs.find((p) => p.coin === 1000)!;
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { itemId: pack.id, paymentType: 'creditcard', cardId: await sandboxCardId(t.app) },
    });
    expect(bought.statusCode).toBe(200);
    const titleId = await insertTitle(db(), { name: 'ねこの本棚' });
    const book = await insertBook(db(), titleId, 3, { price: 300 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 300)).statusCode).toBe(200);
    const { serialId, episodeIds } = await insertSerial(db(), { free: 0, price: 40 });
    const serialName = (await db().selectFrom('serials').select('name').where('id', '=', serialId).executeTakeFirstOrThrow()).name;
    const rented = await episodeAction(t.app, m.cookie, episodeIds[4]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 });
    expect(rented.statusCode, rented.body).toBe(200);

    const lines = await ledgerLines(m.cookie);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line, line).not.toMatch(/[A-Za-z]{2,}/);
    const orderId = bought.json().orderId as number;
    expect(lines).toEqual(
      expect.arrayContaining([
        `マンガコイン購入 (注文${orderId})`,
        `マンガコイン購入特典 (注文${orderId})`,
        `マンガコイン購入特典ポイント (注文${orderId})`,
        'ねこの本棚 3巻 購入',
        `${serialName} 第5話 レンタル`,
      ]),
    );
    expect(lines.some((l) => /（ねこの本棚 3巻 購入）$/.test(l))).toBe(true); // the points the purchase earned
  });

  it('lines stored in English before are rewritten by the migration, naming the book and the episode', async () => {
    const m = await member(t.app);
    const titleId = await insertTitle(db(), { name: 'そらの本棚' });
    const book = await insertBook(db(), titleId, 2, { price: 100 });
    const orderId = (
      await db()
        .insertInto('orders')
        .values({
          user_id: m.userId,
          kind: 'BOOK',
          status: 'COMPLETE',
          payment_type: 'MANGA_COIN',
          total_price: 100,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db().insertInto('order_items').values({ order_id: orderId, book_id: book, price: 100, point: 1 }).execute();
    const { serialId, episodeIds } = await insertSerial(db());
    const serialName = (await db().selectFrom('serials').select('name').where('id', '=', serialId).executeTakeFirstOrThrow()).name;
    const lot = await db()
      .insertInto('wallet_lots')
      .values({
        user_id: m.userId,
        currency: 'MANGA_COIN',
        amount: 1000,
        remaining: 860,
        paid: 1,
        yen_value: 1000,
        issued_at: 0,
        expires_at: Date.now() + 1e10,
        expired_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const legacy = [
      `order ${orderId}`,
      `serial episode ${episodeIds[1]} rental`,
      'bonus: coin pack (order 9)',
      `基本ポイント (order ${orderId})`,
      'expired',
    ];
    for (const reason of legacy) {
      await db()
        .insertInto('wallet_ledger')
        .values({
          user_id: m.userId,
          currency: 'MANGA_COIN',
          lot_id: lot.id,
          kind: 'SPEND',
          amount: 0,
          order_id: null,
          reason,
          created_at: 0,
        })
        .execute();
    }
    await rewriteLegacyLines(db());
    const rows = await db().selectFrom('wallet_ledger').select('reason').where('user_id', '=', m.userId).orderBy('id').execute();
    expect(rows.map((r) => r.reason)).toEqual([
      'そらの本棚 2巻 購入',
      `${serialName} 第2話 レンタル`,
      'マンガコイン購入特典 (注文9)',
      '基本ポイント（そらの本棚 2巻 購入）',
      '有効期限切れ',
    ]);
  });
});
