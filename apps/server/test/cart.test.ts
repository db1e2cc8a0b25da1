import { CART_LIMIT } from '@hondana/domain/cart/cart-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantOwnership } from './support/reading-factories';
import { member } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

interface Item {
  cartId: number;
  bookId: number;
  validFlg: boolean;
  level: string;
  errors: string[];
  price: number;
}

describe('cart calls without a session', () => {
  it('answer 401', async () => {
    const guest = cartClient(t.app, '');
    for (const r of [
      await guest.add(1),
      await guest.view(),
      await guest.laterItems(),
      await guest.coupons(),
      await guest.send('GET', '/cart/create_token'),
    ]) {
      expect(r.statusCode).toBe(401);
    }
  });
});

describe('adding to the cart', () => {
  it('adds a book once, refuses unknown, owned and malformed books', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const [a, b] = [await insertBook(db(), title, 1), await insertBook(db(), title, 2)];
    expect((await c.add(a)).json().results).toMatchObject({ added: [a], cartSize: 1 });
    expect((await c.add(a)).json().results).toMatchObject({ added: [], skipped: [a], cartSize: 1 });
    expect((await c.add(999_999)).statusCode).toBe(404);
    const bad = await c.send('POST', '/cart/book', { book_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.join()).toContain('book_id');
    await grantOwnership(db(), m.userId, b);
    expect((await c.add(b)).json()).toMatchObject({ errorCode: 'ALREADY_BUY' });
  });

  it('merges a guest cart: duplicates, owned and unknown books skipped; more than 100 ids is 400', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const ids = [await insertBook(db(), title, 1), await insertBook(db(), title, 2), await insertBook(db(), title, 3)];
    await grantOwnership(db(), m.userId, ids[2]!);
    await c.add(ids[0]!);
    const merged = await c.addMany([ids[0]!, ids[1]!, ids[1]!, ids[2]!, 999_998]);
    expect(merged.json().results).toMatchObject({ added: [ids[1]], skipped: [ids[0], ids[2], 999_998], cartSize: 2 });
    const tooMany = await c.addMany(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().messages.join()).toContain('book_ids');
  });

  it('bulk adds the title’s salable volumes the member does not have', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const [v1, v2] = [await insertBook(db(), title, 1), await insertBook(db(), title, 2)];
    await insertBook(db(), title, 3, { sales_status: 'STOPPED' });
    await grantOwnership(db(), m.userId, v1);
    const r = await cartClient(t.app, m.cookie).bulk(title);
    expect(r.json().results.added).toEqual([v2]);
  });

  it(`refuses the ${CART_LIMIT + 1}th item with CART_LIST_LIMIT_EXCEEDED`, async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const books = await Promise.all(Array.from({ length: CART_LIMIT + 1 }, (_, i) => insertBook(db(), title, i + 1)));
    await db()
      .insertInto('cart_items')
      .values(
        books
          .slice(0, CART_LIMIT)
          .map((book_id) => ({ user_id: m.userId, book_id, cart_type: 'BOOK', state: 'LATER', price_at_add: 550, created_at: 0 })),
      )
      .execute();
    const r = await cartClient(t.app, m.cookie).add(books[CART_LIMIT]!);
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('CART_LIST_LIMIT_EXCEEDED');
  });
});

describe('active and buy-later lists', () => {
  it('moves items both ways and removes them; only the member’s own ids are touched', async () => {
    const m = await member(t.app);
    const other = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    await c.addMany([await insertBook(db(), title, 1), await insertBook(db(), title, 2)]);
    const items = (await c.view()).json().items as Item[];
    expect(items).toHaveLength(2);
    await c.later([items[0]!.cartId]);
    expect((await c.view()).json().items).toHaveLength(1);
    expect((await c.laterItems()).json()).toMatchObject({ totalCount: 1, items: [{ cartId: items[0]!.cartId, status: 'LATER' }] });
    expect((await cartClient(t.app, other.cookie).remove([items[0]!.cartId])).json().results.added).toEqual([]);
    await c.back([items[0]!.cartId]);
    expect((await c.view()).json().items).toHaveLength(2);
    await c.remove([items[1]!.cartId]);
    expect((await c.view()).json()).toMatchObject({ totalCount: 1, cartStatus: 'NORMAL' });
    expect((await c.send('DELETE', '/cart/items')).statusCode).toBe(400);
  });

  it('keeps invalid items visible with their reason and level', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const adultTitle = await insertTitle(db(), { erotic_type: 4 });
    const [changed, stopped, adult, owned] = [
      await insertBook(db(), title, 1),
      await insertBook(db(), title, 2),
      await insertBook(db(), adultTitle, 1),
      await insertBook(db(), title, 3),
    ];
    await c.addMany([changed, stopped, adult, owned]);
    await db().updateTable('books').set({ price: 700 }).where('id', '=', changed).execute();
    await db().updateTable('books').set({ sales_status: 'STOPPED' }).where('id', '=', stopped).execute();
    await grantOwnership(db(), m.userId, owned);
    const view = (await c.view()).json();
    const byBook = new Map((view.items as Item[]).map((i) => [i.bookId, i]));
    expect(byBook.get(changed)).toMatchObject({ validFlg: true, level: 'WARNING', errors: ['CHANGED_PRICE'], price: 700 });
    expect(byBook.get(stopped)).toMatchObject({ validFlg: false, level: 'ERROR', errors: ['INVALID_ITEM'] });
    expect(byBook.get(adult)).toMatchObject({ validFlg: false, level: 'ERROR', errors: ['ADULT_CHECK_REQUIRED'] });
    expect(byBook.get(owned)).toMatchObject({ validFlg: false, level: 'ERROR', errors: ['ALREADY_BOUGHT'] });
    expect(view).toMatchObject({ cartStatus: 'INVALID', totalCount: 1, salePrice: 700 });
    expect(view.invalidItems).toHaveLength(3);
    await c.send('POST', '/cart/items/refresh');
    const after = (await c.view()).json().items as Item[];
    expect(after.find((i) => i.bookId === changed)).toMatchObject({ level: 'NONE' });
  });
});

describe('coupons on the cart', () => {
  it('lists, suggests, sets and removes a coupon; refusals by §8 code', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const book = await insertBook(db(), title, 1, { price: 551 });
    const half = await insertCoupon(db());
    const elsewhere = await insertCoupon(db(), { target_scope: 20, target_ids: '[999999]' });
    await giveCoupon(db(), m.userId, half);
    await giveCoupon(db(), m.userId, elsewhere);
    await c.add(book);
    expect((await c.coupons()).json()).toMatchObject({ totalCount: 2, list: [{ status: 'UNUSED' }, { status: 'UNUSED' }] });
    expect((await c.view()).json()).toMatchObject({ cartCoupon: null, suggestedCoupon: { id: half, discount: 275 } });
    // The picker lists only the coupon that applies (the other targets another title), with its discount.
    expect((await c.view()).json().applicableCoupons).toEqual([
      { id: half, name: expect.any(String), couponType: 1, rate: 50, discount: 275 },
    ]);
    const missing = await c.setCoupon(await c.token(), 999_999);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'COUPON_NOT_EXISTS']);
    const invalid = await c.setCoupon(await c.token(), elsewhere);
    expect([invalid.statusCode, invalid.json().errorCode]).toEqual([403, 'COUPON_INVALID']);
    expect(invalid.json().messages).toEqual(['couponId: COUPON_NO_TARGET']);
    const set = await c.setCoupon(await c.token(), half);
    expect(set.json()).toMatchObject({ cartCoupon: { id: half, discount: 275 }, salePrice: 551, totalDiscount: 275, totalAmount: 276 });
    expect((await c.send('POST', '/cart/coupon', { couponId: half })).statusCode).toBe(400);
    const removed = await c.removeCoupon(await c.token());
    expect(removed.json()).toMatchObject({ cartCoupon: null, totalDiscount: 0, totalAmount: 551 });
  });

  it('the guest coupon: shown to guests with its §5 label, given to members when they open the cart', async () => {
    const couponId = await insertCoupon(db(), { guest: 1, limit_count: 3, rate: 50 });
    const shown = await t.app.inject({ url: '/api/guest/coupon' });
    expect(shown.json().coupon).toMatchObject({ rate: 50, limit: 3, couponType: 'discount', label: '半額クーポン適用価格' });
    const m = await member(t.app);
    const list = (await cartClient(t.app, m.cookie).coupons()).json();
    expect(list.list.map((c: { id: number }) => c.id)).toContain(couponId);
    await db().updateTable('coupons').set({ guest: 0 }).where('id', '=', couponId).execute();
  });
});

describe('a coupon the cart is too small for (issue 34 item 13)', () => {
  it('is listed as not yet usable with how much more to add, then applies once the cart reaches it', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const [a, b] = [await insertBook(db(), title, 1, { price: 440 }), await insertBook(db(), title, 2, { price: 600 })];
    const ticket = await insertCoupon(db(), { name: '友達招待チケット 500円分', coupon_type: 2, rate: 500, min_cart_price: 1000 });
    await giveCoupon(db(), m.userId, ticket);
    await c.add(a);
    const small = (await c.view()).json();
    expect(small.pendingCoupons).toEqual([
      { id: ticket, name: '友達招待チケット 500円分', couponType: 2, rate: 500, minCartPrice: 1000, shortfall: 560 },
    ]);
    expect(small.applicableCoupons.map((k: { id: number }) => k.id)).not.toContain(ticket);
    await c.add(b);
    const enough = (await c.view()).json();
    expect(enough.pendingCoupons).toEqual([]);
    expect(enough.applicableCoupons.map((k: { id: number }) => k.id)).toContain(ticket);
  });
});

describe('a volume page’s coupon price (issue 34 item 2)', () => {
  it('is the price the cart charges for the book alone, from the member’s own coupons', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const [book, owned, other] = [
      await insertBook(db(), title, 1, { price: 440 }),
      await insertBook(db(), title, 2, { price: 440 }),
      await insertBook(db(), await insertTitle(db()), 1, { price: 440 }),
    ];
    const byBook = async (id: number) => (await c.send('GET', `/cart/coupons/by_book?book_id=${id}`)).json().coupon;
    expect(await byBook(book)).toBeNull();
    const thirty = await insertCoupon(db(), { name: '30%OFFクーポン', rate: 30, target_scope: 20, target_ids: `[${title}]` });
    const floor = await insertCoupon(db(), { name: '1000円以上で100円引き', coupon_type: 2, rate: 100, min_cart_price: 1000 });
    await giveCoupon(db(), m.userId, thirty);
    await giveCoupon(db(), m.userId, floor);
    await grantOwnership(db(), m.userId, owned);
    const shown = await byBook(book);
    expect(shown).toEqual({
      id: thirty,
      name: '30%OFFクーポン',
      label: '30%OFFクーポン適用価格',
      price: 440,
      discount: 132,
      couponPrice: 308,
    });
    // Not a target, already theirs, or below a coupon's minimum: no coupon price to promise.
    expect(await byBook(other)).toBeNull();
    expect(await byBook(owned)).toBeNull();
    // The cart charges what the page showed.
    await c.add(book);
    const set = await c.setCoupon(await c.token(), thirty);
    expect(set.json()).toMatchObject({ totalAmount: shown.couponPrice });
    expect((await c.send('GET', '/cart/coupons/by_book?book_id=x')).statusCode).toBe(400);
    expect((await cartClient(t.app, '').send('GET', `/cart/coupons/by_book?book_id=${book}`)).statusCode).toBe(401);
  });

  it('hands a new member the guest coupon the banner promised, and prices with it', async () => {
    const couponId = await insertCoupon(db(), { guest: 1, rate: 30, name: '初回30%OFF' });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 440 });
    const m = await member(t.app);
    const r = await cartClient(t.app, m.cookie).send('GET', `/cart/coupons/by_book?book_id=${book}`);
    expect(r.json().coupon).toMatchObject({ id: couponId, couponPrice: 308, label: '30%OFFクーポン適用価格' });
    await db().updateTable('coupons').set({ guest: 0 }).where('id', '=', couponId).execute();
  });
});

describe('bulk buy list', () => {
  it('prices the title’s remaining volumes with the bulk-buy points; owned and stopped books left out', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const [v1, v2, v3] = [
      await insertBook(db(), title, 1, { price: 500 }),
      await insertBook(db(), title, 2, { price: 500 }),
      await insertBook(db(), title, 3, { price: 400 }),
    ];
    await insertBook(db(), title, 4, { sales_status: 'STOPPED' });
    const guest = (await t.app.inject({ url: `/api/point_campaign/bulk_buy_list?title_id=${title}` })).json();
    expect(guest).toMatchObject({ bookIds: [v1, v2, v3], totalCount: 3, totalPrice: 1400 });
    expect(guest.pointCampaign.list.map((l: { type: string }) => l.type)).toContain('bulkBuy');
    await grantOwnership(db(), m.userId, v1);
    const mine = (await t.app.inject({ url: `/api/point_campaign/bulk_buy_list?title_id=${title}`, headers: { cookie: m.cookie } })).json();
    expect(mine).toMatchObject({ bookIds: [v2, v3], totalCount: 2, totalPrice: 900 });
    expect((await t.app.inject({ url: '/api/point_campaign/bulk_buy_list?title_id=999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/point_campaign/bulk_buy_list' })).statusCode).toBe(400);
  });
});
