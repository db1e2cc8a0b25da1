import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member } from './support/wallet-factories';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

/** Three volumes at 500, 400 and 300 yen sold together for 900 yen until tomorrow. */
async function bundleOf(prices = [500, 400, 300], bundlePrice = 900, endAt: number | null = now + DAY) {
  const title = await insertTitle(db());
  const books = [];
  for (const [i, price] of prices.entries()) books.push(await insertBook(db(), title, i + 1, { price }));
  const { id } = await db()
    .insertInto('bundles')
    .values({ name: 'まとめてセット', bundle_price: bundlePrice, start_at: now - DAY, end_at: endAt, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('bundle_books')
    .values(books.map((book_id) => ({ bundle_id: id, book_id })))
    .execute();
  return { title, books, bundleId: id };
}

async function shopper(coins = 5000) {
  const m = await member(t.app);
  await grantTo(db(), m.userId, 'COIN', coins, { now });
  await grantTo(db(), m.userId, 'MANGA_COIN', coins, { now });
  return { ...m, c: cartClient(t.app, m.cookie) };
}

const addBundle = (c: ReturnType<typeof cartClient>, bundleId: number | string) => c.send('POST', '/cart/bundle', { bundle_id: bundleId });

describe('bundles in the cart', () => {
  it('shows the bundle and its prices; adds its books as one BUNDLE line at the bundle price', async () => {
    const b = await bundleOf();
    const info = await t.app.inject({ url: `/api/bundles/${b.bundleId}` });
    expect(info.json()).toMatchObject({ bookIds: b.books, bundleTotalPrice: 1200, bundleSalePrice: 900, onSale: true });

    const m = await shopper();
    const added = await addBundle(m.c, b.bundleId);
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toMatchObject({ added: b.books, cartSize: 3 });
    const view = (await m.c.view()).json();
    expect(view).toMatchObject({ cartStatus: 'NORMAL', totalCount: 3, salePrice: 900, totalRegularPrice: 1200, totalAmount: 900 });
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({
      cartType: 'BUNDLE',
      bundleId: b.bundleId,
      bundleBooks: b.books,
      bundleFirstBookId: b.books[0],
      price: 900,
      regularPrice: 1200,
      name: 'まとめてセット',
      validFlg: true,
    });
    // Adding it again changes nothing.
    expect((await addBundle(m.c, b.bundleId)).json().results).toMatchObject({ added: [], cartSize: 3 });
  });

  it('checkout charges the bundle price, split over the books so that the order lines add up to it', async () => {
    const b = await bundleOf();
    const m = await shopper(1000);
    await addBundle(m.c, b.bundleId);
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 900, bookIds: b.books, paymentType: 'COIN' });
    expect(r.statusCode).toBe(200);
    expect(r.json().results).toMatchObject({ totalPrice: 900, payPrice: 900 });
    const lines = await db()
      .selectFrom('order_items')
      .select(['book_id', 'price'])
      .where('order_id', '=', r.json().results.orderId)
      .orderBy('book_id')
      .execute();
    expect(lines.map((l) => l.price)).toEqual([375, 300, 225]);
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(100);
    expect((await m.c.view()).json()).toMatchObject({ cartStatus: 'CART_EMPTY', items: [] });
  });

  it('a book bought meanwhile makes the bundle BUNDLE_INVALID: shown with its reason, left out, nothing charged', async () => {
    const b = await bundleOf();
    const m = await shopper();
    await addBundle(m.c, b.bundleId);
    expect((await buyWithMangaCoin(t.app, m.cookie, b.books[1]!, 400)).statusCode).toBe(200);
    const view = (await m.c.view()).json();
    expect(view).toMatchObject({ cartStatus: 'BUNDLE_INVALID', totalCount: 0, salePrice: 0 });
    expect(view.items[0]).toMatchObject({ cartType: 'BUNDLE', validFlg: false, level: 'ERROR' });
    expect(view.items[0].errors).toContain('ALREADY_BOUGHT');
    expect(view.invalidItems).toHaveLength(1);
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 900, bookIds: b.books, paymentType: 'COIN' });
    expect(r.json().errorCode).toBe('DIFF_CART_ITEMS_REQUEST');
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(5000);
    // Adding it now is refused as a whole.
    const again = await addBundle(m.c, b.bundleId);
    expect([again.statusCode, again.json().errorCode]).toEqual([403, 'BUNDLE_INVALID']);
  });

  it('a bundle whose sale ended is BUNDLE_INVALID in the cart and cannot be added', async () => {
    const b = await bundleOf();
    const m = await shopper();
    await addBundle(m.c, b.bundleId);
    await db()
      .updateTable('bundles')
      .set({ end_at: now - 1 })
      .where('id', '=', b.bundleId)
      .execute();
    const view = (await m.c.view()).json();
    expect(view.cartStatus).toBe('BUNDLE_INVALID');
    expect(view.items[0]).toMatchObject({ validFlg: false, errors: ['INVALID_ITEM'] });
    const other = await shopper();
    const r = await addBundle(other.c, b.bundleId);
    expect([r.statusCode, r.json().errorCode]).toEqual([403, 'BUNDLE_INVALID']);
    expect((await other.c.view()).json().items).toEqual([]);
  });

  it('books already in the cart join the bundle line; the line moves and goes as a whole', async () => {
    const b = await bundleOf();
    const m = await shopper();
    await m.c.add(b.books[0]!);
    await addBundle(m.c, b.bundleId);
    let view = (await m.c.view()).json();
    expect(view.items).toHaveLength(1);
    const cartId = view.items[0].cartId;
    expect((await m.c.later([cartId])).statusCode).toBe(200);
    view = (await m.c.view()).json();
    expect(view.items).toEqual([]);
    const later = (await m.c.laterItems()).json();
    expect(later.items).toHaveLength(1);
    expect(later.items[0]).toMatchObject({ cartType: 'BUNDLE', price: 900, bundleBooks: b.books });
    await m.c.back([later.items[0].cartId]);
    expect((await m.c.view()).json()).toMatchObject({ salePrice: 900, totalCount: 3 });
    await m.c.remove([cartId]);
    expect((await m.c.view()).json()).toMatchObject({ cartStatus: 'CART_EMPTY', items: [] });
  });

  it('refuses unknown and malformed bundles (404, 400 naming the field)', async () => {
    const m = await shopper();
    const unknown = await addBundle(m.c, 999_999);
    expect(unknown.statusCode).toBe(404);
    for (const bad of ['abc', '-1', '']) {
      const r = await addBundle(m.c, bad);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json().messages)).toContain('bundle_id');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/bundle', payload: { bundle_id: 1 } })).statusCode).toBe(401);
  });

  it('the cart limit counts every book of a bundle: no room for all of them adds none', async () => {
    const b = await bundleOf([100, 100, 100]);
    const m = await shopper();
    const title = await insertTitle(db());
    const fill = [];
    for (let i = 0; i < 199; i++) fill.push(await insertBook(db(), title, i + 1, { price: 100 }));
    await m.c.addMany(fill.slice(0, 100));
    await m.c.addMany(fill.slice(100));
    const r = await addBundle(m.c, b.bundleId);
    expect([r.statusCode, r.json().errorCode]).toEqual([403, 'CART_LIST_LIMIT_EXCEEDED']);
    const rows = await db()
      .selectFrom('cart_items')
      .select('book_id')
      .where('user_id', '=', m.userId)
      .where('book_id', 'in', b.books)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('order v2', () => {
  it('orders the cart named by its size through the same checkout as v3', async () => {
    const b = await bundleOf();
    const m = await shopper(2000);
    await addBundle(m.c, b.bundleId);
    const order = (form: Record<string, string | number>) => m.c.send('POST', '/cart/order/v2', form);
    const wrongSize = await order({ token: await m.c.token(), use_point: 0, sale_price: 900, item_size: 2, payment_type: 'COIN' });
    expect([wrongSize.statusCode, wrongSize.json().errorCode]).toEqual([403, 'DIFF_CART_ITEMS_REQUEST']);
    const wrongPrice = await order({ token: await m.c.token(), use_point: 0, sale_price: 1200, item_size: 3, payment_type: 'COIN' });
    expect([wrongPrice.statusCode, wrongPrice.json().errorCode]).toEqual([403, 'DIFF_PRICE_REQUEST']);
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(2000);
    const token = await m.c.token();
    const ok = await order({ token, use_point: 0, sale_price: 900, item_size: 3, payment_type: 0 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: { code: 0 }, results: { bookIds: b.books, totalPrice: 900, payPrice: 900 } });
    // The token's replay answers the same and charges nothing more.
    const replay = await order({ token, use_point: 0, sale_price: 900, item_size: 3, payment_type: 0 });
    expect(replay.body).toBe(ok.body);
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(1100);
  });

  it('answers 400 naming the missing or malformed field', async () => {
    const m = await shopper();
    const base = { token: 'x', use_point: 0, sale_price: 100, item_size: 1, payment_type: 'COIN' };
    for (const [field, form] of [
      ['token', { ...base, token: undefined }],
      ['item_size', { ...base, item_size: 0 }],
      ['payment_type', { ...base, payment_type: 'CARD' }],
      ['use_point', { ...base, use_point: -5 }],
    ] as const) {
      const r = await m.c.send('POST', '/cart/order/v2', JSON.parse(JSON.stringify(form)) as object);
      expect(r.statusCode, field).toBe(400);
      expect(JSON.stringify(r.json().messages), field).toContain(field);
    }
  });
});

describe('bulk-buy title list', () => {
  it('lists the titles a running bulk-buy campaign covers, with enough volumes on sale', async () => {
    const title = async (volumes: number, stopped = 0) => {
      const id = await insertTitle(db());
      for (let i = 0; i < volumes; i++) await insertBook(db(), id, i + 1, { sales_status: i < stopped ? 'STOPPED' : 'ON_SALE' });
      return id;
    };
    const [three, two, threeOneStopped] = [await title(3), await title(2), await title(3, 1)];
    const list = async () => {
      const r = await t.app.inject({ url: '/api/point_campaign/bulk_buy_title_list?limit=100' });
      expect(r.statusCode).toBe(200);
      return r.json() as {
        totalCount: number;
        list: { titleId: number; salableCount: number; campaign: { name: string; minBooks: number } }[];
      };
    };
    // The seeded campaign まとめ買いボーナス covers every title from 3 volumes.
    const all = await list();
    expect(all.list.find((e) => e.titleId === three)).toMatchObject({
      salableCount: 3,
      campaign: { name: 'まとめ買いボーナス', minBooks: 3 },
    });
    expect(all.list.some((e) => e.titleId === two || e.titleId === threeOneStopped)).toBe(false);

    // With only a campaign for one title running, only that title is listed.
    const seeded = await db().selectFrom('point_campaigns').select(['id', 'end_at']).where('type', '=', 'bulkBuy').execute();
    await db()
      .updateTable('point_campaigns')
      .set({ end_at: now - 1 })
      .where('type', '=', 'bulkBuy')
      .execute();
    try {
      await db()
        .insertInto('point_campaigns')
        .values({
          type: 'bulkBuy',
          name: '2冊まとめ買い',
          rate: 10,
          point: 0,
          expire_days: 30,
          title_id: two,
          min_books: 2,
          start_at: now - DAY,
          end_at: now + DAY,
        })
        .execute();
      const one = await list();
      expect(one.list.map((e) => e.titleId)).toEqual([two]);
      expect(one.totalCount).toBe(1);
      expect((await t.app.inject({ url: '/api/point_campaign/bulk_buy_title_list?limit=0' })).statusCode).toBe(400);
    } finally {
      await db().deleteFrom('point_campaigns').where('name', '=', '2冊まとめ買い').execute();
      for (const c of seeded) await db().updateTable('point_campaigns').set({ end_at: c.end_at }).where('id', '=', c.id).execute();
    }
    expect((await list()).totalCount).toBeGreaterThan(0);
  });
});
