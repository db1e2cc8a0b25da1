import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantOwnership } from './support/reading-factories';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

/** まとめ買い of a range of a title's volumes from the series page: the quote and its one order. */
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

/** A member with manga coins and a title of five volumes: 1 owned, 2–4 on sale, 5 not released yet. */
async function titleWithMember(coins = 5000) {
  const m = await member(t.app);
  const c = cartClient(t.app, m.cookie);
  const title = await insertTitle(db());
  const vols = [];
  for (const vol of [1, 2, 3, 4]) vols.push(await insertBook(db(), title, vol, { price: 500, start_datetime: now - DAY }));
  vols.push(await insertBook(db(), title, 5, { price: 500, start_datetime: now + 10 * DAY }));
  await grantOwnership(db(), m.userId, vols[0]!);
  if (coins > 0) await grantTo(db(), m.userId, 'MANGA_COIN', coins, { now });
  const quote = async (query = '') => (await c.send('GET', `/cart/bulk/quote?title_id=${title}${query}`)).json();
  const order = async (body: object) =>
    c.send('POST', `/cart/bulk/order?token=${await c.token()}`, { titleId: title, paymentType: 'MANGA_COIN', couponId: null, ...body });
  return { ...m, c, title, vols, quote, order };
}

const owned = async (userId: number) =>
  (await db().selectFrom('user_books').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute()).map((r) => r.book_id);

describe('bulk quote', () => {
  it('all, the next N, from volume X: owned and unreleased volumes left out and named; bulkBuy points counted', async () => {
    const m = await titleWithMember();
    const all = await m.quote();
    expect(all).toMatchObject({
      bookIds: m.vols.slice(1, 4),
      ownedVols: [1],
      unreleasedVols: [5],
      totalPrice: 1500,
      payPrice: 1500,
      coupon: null,
      myMangaCoin: 5000,
    });
    expect(all.volumes.map((v: { vol: number }) => v.vol)).toEqual([2, 3, 4]);
    expect(all.pointCampaign.list.map((l: { type: string }) => l.type)).toContain('bulkBuy');
    expect(await m.quote('&count=2')).toMatchObject({ bookIds: m.vols.slice(1, 3), ownedVols: [1], unreleasedVols: [], totalPrice: 1000 });
    expect(await m.quote('&from_vol=3')).toMatchObject({ bookIds: m.vols.slice(2, 4), ownedVols: [], unreleasedVols: [5] });
    // Two volumes do not reach the seeded campaign's three books.
    expect((await m.quote('&from_vol=3')).pointCampaign.list.map((l: { type: string }) => l.type)).not.toContain('bulkBuy');
    expect(await m.quote('&from_vol=5')).toMatchObject({ bookIds: [], volumes: [], totalPrice: 0, unreleasedVols: [5] });
  });

  it('with the member’s best coupon unless use_coupon=0; refusals name the field', async () => {
    const m = await titleWithMember();
    const half = await insertCoupon(db(), { expire_at: now + DAY });
    await giveCoupon(db(), m.userId, half);
    expect(await m.quote()).toMatchObject({ totalPrice: 1500, coupon: { id: half, discount: 750 }, payPrice: 750 });
    expect(await m.quote('&use_coupon=0')).toMatchObject({ coupon: null, payPrice: 1500 });
    const bad = await m.c.send('GET', `/cart/bulk/quote?title_id=${m.title}&count=0`);
    expect([bad.statusCode, bad.json().errorCode, bad.json().messages.join()]).toEqual([
      400,
      'BAD_REQUEST',
      expect.stringContaining('count'),
    ]);
    expect((await m.c.send('GET', '/cart/bulk/quote?title_id=999999')).statusCode).toBe(404);
    expect((await cartClient(t.app, '').send('GET', `/cart/bulk/quote?title_id=${m.title}`)).statusCode).toBe(401);
  });
});

describe('bulk order', () => {
  it('buys the quoted volumes in one order with the coupon; the cart keeps its other items; a replay answers the same', async () => {
    const m = await titleWithMember();
    const other = await insertBook(db(), await insertTitle(db()), 1, { price: 300, start_datetime: now - DAY });
    await m.c.addMany([other, m.vols[1]!]);
    const half = await insertCoupon(db(), { expire_at: now + DAY });
    await giveCoupon(db(), m.userId, half);
    const q = await m.quote();
    const token = await m.c.token();
    const body = { titleId: m.title, bookIds: q.bookIds, salePrice: q.totalPrice, couponId: half, paymentType: 'MANGA_COIN' };
    const r = await m.c.send('POST', `/cart/bulk/order?token=${token}`, body);
    expect(r.statusCode).toBe(200);
    expect(r.json().results).toMatchObject({
      bookIds: m.vols.slice(1, 4),
      totalPrice: 1500,
      discount: 750,
      payPrice: 750,
      pointCampaign: q.pointCampaign,
    });
    expect((await m.c.send('POST', `/cart/bulk/order?token=${token}`, body)).json()).toEqual(r.json());
    expect(await owned(m.userId)).toEqual(m.vols.slice(0, 4));
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(4250);
    const orders = await db().selectFrom('orders').select('id').where('user_id', '=', m.userId).execute();
    expect(orders).toHaveLength(1);
    const cart = (await m.c.view()).json();
    expect(cart.items.map((i: { bookId: number }) => i.bookId)).toEqual([other]);
    const coupon = await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(coupon.status).toBe('USED');
    expect(await m.quote()).toMatchObject({ bookIds: [], ownedVols: [1, 2, 3, 4], unreleasedVols: [5] });
  });

  it('refusals charge nothing: another price, another title, owned, unreleased, a coupon not held, too few coins, bad bodies', async () => {
    const m = await titleWithMember(1000);
    const stranger = await insertBook(db(), await insertTitle(db()), 1, { price: 500, start_datetime: now - DAY });
    const notHeld = await insertCoupon(db(), { expire_at: now + DAY });
    const two = m.vols.slice(1, 3);
    const cases: [object, number, string][] = [
      [{ bookIds: two, salePrice: 900 }, 403, 'DIFF_PRICE_REQUEST'],
      [{ bookIds: [m.vols[1], stranger], salePrice: 1000 }, 403, 'DIFF_CART_ITEMS_REQUEST'],
      [{ bookIds: [m.vols[0]], salePrice: 500 }, 403, 'ALREADY_BUY'],
      [{ bookIds: [m.vols[4]], salePrice: 500 }, 403, 'NOT_ON_RELEASE'],
      [{ bookIds: two, salePrice: 1000, couponId: notHeld }, 404, 'USER_COUPO_NOT_EXISTS'],
      [{ bookIds: m.vols.slice(1, 4), salePrice: 1500 }, 403, 'CART_NOT_ENOUGH_MANGA_COIN'],
      [{ bookIds: [999999], salePrice: 500 }, 404, 'NOT_FOUND'],
      [{ bookIds: [], salePrice: 0 }, 400, 'BAD_REQUEST'],
      [{ bookIds: two, salePrice: 1000, paymentType: 'CARD' }, 400, 'BAD_REQUEST'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await m.order(payload);
      expect([r.statusCode, r.json().errorCode]).toEqual([status, code]);
    }
    expect(
      (await m.c.send('POST', '/cart/bulk/order', { titleId: m.title, bookIds: two, salePrice: 1000, paymentType: 'MANGA_COIN' }))
        .statusCode,
    ).toBe(400);
    expect(await owned(m.userId)).toEqual([m.vols[0]]);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(1000);
  });
});
