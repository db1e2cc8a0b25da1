import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/**
 * A volume not released yet (IN_RESERVATION) has one way in: the pre-order.
 * Every buy flow refuses it with NOT_ON_RELEASE and takes nothing; the pre-order reserves it.
 */
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 25, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const possession = async (userId: number) =>
  db().selectFrom('user_books').select(['book_id', 'possession_status']).where('user_id', '=', userId).execute();

async function memberWithComingVolume() {
  const m = await member(t.app);
  const title = await insertTitle(db());
  const released = await insertBook(db(), title, 1, { price: 300, start_datetime: now - DAY });
  const coming = await insertBook(db(), title, 2, { price: 500, start_datetime: now + 7 * DAY, sales_status: 'IN_RESERVATION' });
  await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { now });
  await grantTo(db(), m.userId, 'COIN', 1000, { now });
  return { ...m, title, released, coming };
}

const refused = (r: { statusCode: number; json(): { errorCode: string } }) => [r.statusCode, r.json().errorCode];

describe('a volume not released yet', () => {
  it('the manga coin and coin buy flows refuse it with NOT_ON_RELEASE and take nothing', async () => {
    const m = await memberWithComingVolume();
    expect(refused(await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: m.coming, request_price: 500 }))).toEqual([
      403,
      'NOT_ON_RELEASE',
    ]);
    expect(refused(await buyWithMangaCoin(t.app, m.cookie, m.coming, 500))).toEqual([403, 'NOT_ON_RELEASE']);
    const form = { book_ids: `${m.released},${m.coming}`, book_type: 0, use_point: 0, buy_free_flag: 0 };
    expect(refused(await post(m.cookie, '/api/order/buy_check/v2', form))).toEqual([403, 'NOT_ON_RELEASE']);
    const token = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    expect(
      refused(
        await post(m.cookie, '/api/order/buy/v2', {
          book_ids: `${m.released},${m.coming}`,
          book_type: '0',
          use_point: '0',
          buy_type: 'one_click',
          token,
        }),
      ),
    ).toEqual([403, 'NOT_ON_RELEASE']);
    expect(await possession(m.userId)).toEqual([]);
    expect(await ledgerInvariant(db(), m.userId, now)).toMatchObject({ MANGA_COIN: 1000, COIN: 1000 });
  });

  it('the cart does not take it (one add is NOT_ON_RELEASE; many and bulk skip it), and a cart line whose release moved ahead cannot be ordered', async () => {
    const m = await memberWithComingVolume();
    const c = cartClient(t.app, m.cookie);
    expect(refused(await c.add(m.coming))).toEqual([403, 'NOT_ON_RELEASE']);
    await c.addMany([m.coming]);
    await c.bulk(m.title);
    const view = (await c.view()).json<{ items: { bookId: number }[] }>();
    expect(view.items.map((i) => i.bookId)).toEqual([m.released]);
    // The released volume's release is moved a week ahead after it was carted.
    await db()
      .updateTable('books')
      .set({ start_datetime: now + 7 * DAY })
      .where('id', '=', m.released)
      .execute();
    const line = (await c.view()).json<{ items: { bookId: number; validFlg: boolean }[] }>().items[0]!;
    expect(line).toMatchObject({ bookId: m.released, validFlg: false });
    const order = await c.order(await c.token(), { usePoint: 0, salePrice: 300, bookIds: [m.released], paymentType: 'COIN' });
    expect(order.statusCode).toBe(403);
    expect(await possession(m.userId)).toEqual([]);
    expect(await ledgerInvariant(db(), m.userId, now)).toMatchObject({ MANGA_COIN: 1000, COIN: 1000 });
  });

  it('the pre-order reserves it (RESERVED, one order), and it is OWNED once released', async () => {
    const m = await memberWithComingVolume();
    const token = await tokenFor(t.app, m.cookie, '/api/pre_order/create_token');
    const placed = await post(m.cookie, `/api/pre_order/manga_coin/order/book?token=${token}`, { bookId: m.coming, price: 500 });
    expect(placed.statusCode).toBe(200);
    expect(await possession(m.userId)).toEqual([{ book_id: m.coming, possession_status: 'RESERVED' }]);
    expect(refused(await buyWithMangaCoin(t.app, m.cookie, m.coming, 500))).toEqual([403, 'NOT_ON_RELEASE']);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(500);
    const release = now + 7 * DAY;
    const { possessionsOf } = await import('../src/modules/orders/entitlements');
    expect((await possessionsOf(db(), m.userId, [m.coming], release)).get(m.coming)).toBe('OWNED');
  });
});
