import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBookOrder } from '../src/modules/orders/cancel-order.service';
import { settleDueBonuses } from '../src/modules/cart/pre-order-bonus.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

async function bonus(values: {
  name?: string;
  rate?: number;
  points?: number;
  book_id?: number | null;
  title_id?: number | null;
  start_at?: number;
  end_at?: number | null;
}) {
  const row = await db()
    .insertInto('pre_order_bonuses')
    .values({
      name: values.name ?? '予約特典',
      rate: 0,
      points: 0,
      book_id: null,
      title_id: null,
      start_at: now - DAY,
      end_at: now + 30 * DAY,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function preOrder(cookie: string, bookId: number, price: number) {
  const token = await tokenFor(t.app, cookie, '/api/pre_order/create_token');
  return t.app.inject({
    method: 'POST',
    url: `/api/pre_order/manga_coin/order/book?token=${token}`,
    headers: { cookie },
    payload: { bookId, price },
  });
}
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const points = async (userId: number) => (await ledgerInvariant(db(), userId, now)).POINT;

describe('pre-order bonuses: listings', () => {
  it('lists the bonuses running now for reservable volumes, with the points each earns', async () => {
    const title = await insertTitle(db());
    const released = await insertBook(db(), title, 1, { price: 500 });
    const coming = await insertBook(db(), title, 2, { price: 660, start_datetime: now + 5 * DAY, sales_status: 'IN_RESERVATION' });
    const own = await bonus({ name: '2巻予約特典', rate: 10, points: 50, book_id: coming });
    const forTitle = await bonus({ name: '作品予約特典', points: 20, title_id: title });
    await bonus({ name: '終了した特典', points: 999, title_id: title, end_at: now - 1 });
    await bonus({ name: 'これからの特典', points: 999, title_id: title, start_at: now + 1 });
    await bonus({ name: '他の作品の特典', points: 999, title_id: await insertTitle(db()) });

    const byBook = await get(`/api/pre_order/bonus/by_book?book_id=${coming}`);
    expect(byBook.statusCode).toBe(200);
    expect(byBook.json()).toMatchObject({ bookId: coming, price: 660, releaseDatetime: now + 5 * DAY, totalCount: 2, totalPoint: 136 });
    expect(byBook.json().list).toEqual([
      {
        id: own,
        name: '2巻予約特典',
        rate: 10,
        points: 50,
        startDatetime: now - DAY,
        endDatetime: now + 30 * DAY,
        totalPoint: 116,
        bookId: coming,
      },
      {
        id: forTitle,
        name: '作品予約特典',
        rate: 0,
        points: 20,
        startDatetime: now - DAY,
        endDatetime: now + 30 * DAY,
        totalPoint: 20,
        bookId: coming,
      },
    ]);
    const list = (await get(`/api/pre_order/bonus?title_id=${title}`)).json();
    expect(list.totalCount).toBe(2);
    expect(list.list.map((b: { id: number }) => b.id)).toEqual([own, forTitle]);
    expect((await get('/api/pre_order/bonus')).json().list.some((b: { id: number }) => b.id === own)).toBe(true);

    // A released volume is not open for pre-order; bad input names its field.
    const refused = await get(`/api/pre_order/bonus/by_book?book_id=${released}`);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([400, 'INVALID_BOOK_ID']);
    expect((await get('/api/pre_order/bonus/by_book?book_id=999999')).json().errorCode).toBe('INVALID_BOOK_ID');
    for (const url of ['/api/pre_order/bonus/by_book', '/api/pre_order/bonus/by_book?book_id=x', '/api/pre_order/bonus?title_id=-1']) {
      const r = await get(url);
      expect(r.statusCode).toBe(400);
      expect(r.json().errorCode).toBe('BAD_REQUEST');
      expect(JSON.stringify(r.json().messages)).toMatch(/book_id|title_id/);
    }
    expect((await get('/api/pre_order/bonus/earned')).statusCode).toBe(401);
  });

  it('an R18 volume and its bonus are shown only to a confirmed adult (§6)', async () => {
    const title = await insertTitle(db(), { erotic_type: 4 });
    const coming = await insertBook(db(), title, 1, { price: 800, start_datetime: now + DAY, sales_status: 'IN_RESERVATION' });
    await bonus({ points: 10, book_id: coming });
    const viewers = await adultViewers(t.app);
    expect((await get(`/api/pre_order/bonus/by_book?book_id=${coming}`)).json().errorCode).toBe('INVALID_BOOK_ID');
    expect((await get(`/api/pre_order/bonus?title_id=${title}`)).json().totalCount).toBe(0);
    expect((await get(`/api/pre_order/bonus/by_book?book_id=${coming}`, viewers.adult)).json().totalPoint).toBe(10);
    expect((await get(`/api/pre_order/bonus?title_id=${title}`, viewers.adult)).json().totalCount).toBe(1);
  });
});

describe('pre-order bonuses: granted at the release', () => {
  it('fixes the points at the order, grants them once when the volume is released, with no manual step', async () => {
    const m = await member(t.app);
    const release = now + 3 * DAY;
    const title = await insertTitle(db());
    const book = await insertBook(db(), title, 1, { price: 500, start_datetime: release, sales_status: 'IN_RESERVATION' });
    await bonus({ name: '予約特典', rate: 10, points: 30, book_id: book });
    await grantTo(db(), m.userId, 'MANGA_COIN', 500, { now });
    const placed = await preOrder(m.cookie, book, 500);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ orderStatus: 'ACCEPTED', bonusPoint: 80 });
    const id = placed.json().preOrderId as number;
    // Points the order's campaigns earned at once; the bonus comes on top at the release.
    const base = await points(m.userId);

    // A bonus changed after the order does not change what the order earns.
    await db().updateTable('pre_order_bonuses').set({ points: 1000 }).where('book_id', '=', book).execute();
    const before = (await get('/api/pre_order/bonus/earned', m.cookie)).json();
    expect(before).toMatchObject({ totalCount: 1, pendingPoint: 80 });
    expect(before.list[0]).toMatchObject({
      name: '予約特典',
      preOrderId: id,
      bookId: book,
      point: 80,
      status: 'PENDING',
      releaseDatetime: release,
      grantedDatetime: null,
    });
    expect(await points(m.userId)).toBe(base);

    now = release - 1;
    expect(await settleDueBonuses(db(), { now })).toBe(0);
    now = release;
    // The background pass (every member) grants it; passes racing with it grant nothing more.
    const passes = await Promise.all([
      settleDueBonuses(db(), { now }),
      settleDueBonuses(db(), { now }),
      settleDueBonuses(db(), { userId: m.userId, now }),
    ]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(80);
    expect(await points(m.userId)).toBe(base + 80);
    const after = (await get('/api/pre_order/bonus/earned', m.cookie)).json();
    expect(after).toMatchObject({ pendingPoint: 0, list: [{ status: 'GRANTED', grantedDatetime: release, point: 80 }] });
    expect((await get(`/api/pre_order/order_status/${id}`, m.cookie)).json()).toMatchObject({ orderStatus: 'COMPLETED', bonusPoint: 80 });
    expect(await points(m.userId)).toBe(base + 80);
  });

  it('a member reading their bonuses after the release gets them at once (no background pass needed)', async () => {
    const m = await member(t.app);
    const release = now + DAY;
    const book = await insertBook(db(), await insertTitle(db()), 1, {
      price: 400,
      start_datetime: release,
      sales_status: 'IN_RESERVATION',
    });
    await bonus({ rate: 25, book_id: book });
    await grantTo(db(), m.userId, 'MANGA_COIN', 400, { now });
    const id = (await preOrder(m.cookie, book, 400)).json().preOrderId as number;
    const base = await points(m.userId);
    now = release + 1;
    expect((await get(`/api/pre_order/order_status/${id}`, m.cookie)).json()).toMatchObject({ orderStatus: 'COMPLETED', bonusPoint: 100 });
    expect(await points(m.userId)).toBe(base + 100);
  });

  it('a cancelled pre-order never gets its bonus (member cancel, or support cancel before the release)', async () => {
    const m = await member(t.app);
    const release = now + 2 * DAY;
    const title = await insertTitle(db());
    const one = await insertBook(db(), title, 1, { price: 300, start_datetime: release, sales_status: 'IN_RESERVATION' });
    const two = await insertBook(db(), title, 2, { price: 300, start_datetime: release, sales_status: 'IN_RESERVATION' });
    await bonus({ points: 40, title_id: title });
    await grantTo(db(), m.userId, 'MANGA_COIN', 600, { now });
    const first = (await preOrder(m.cookie, one, 300)).json().preOrderId as number;
    const second = (await preOrder(m.cookie, two, 300)).json().preOrderId as number;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/pre_order/order_status/${first}/cancel`,
      headers: { cookie: m.cookie },
    });
    expect(cancel.json()).toMatchObject({ orderStatus: 'CANCELED', bonusPoint: 0 });
    // Support cancels the other one; its bonus row is still PENDING until a pass sees the order.
    await cancelBookOrder(db(), second, 'support', now);
    now = release + 1;
    expect(await settleDueBonuses(db(), { userId: m.userId, now })).toBe(0);
    const earned = (await get('/api/pre_order/bonus/earned', m.cookie)).json();
    expect(earned.list.map((b: { status: string }) => b.status)).toEqual(['CANCELED', 'CANCELED']);
    // Both orders' campaign points were taken back with them: nothing is left.
    expect(await points(m.userId)).toBe(0);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(600);
  });
});

describe('GET /guest/cart_books (§7 "Guest", §5 guest cart and labels)', () => {
  it('books in the order given, duplicates ignored, with prices and the guest coupon label on its targets', async () => {
    const title = await insertTitle(db());
    const other = await insertTitle(db());
    const a = await insertBook(db(), title, 1, { price: 660 });
    const b = await insertBook(db(), title, 2, {
      price: 500,
      sale_price: 300,
      sale_start_datetime: now - DAY,
      sale_end_datetime: now + DAY,
    });
    const c = await insertBook(db(), other, 1, { price: 700 });
    const hidden = await insertBook(db(), await insertTitle(db(), { erotic_type: 4 }), 1);
    await db()
      .insertInto('coupons')
      .values({
        name: '新規会員 半額クーポン',
        coupon_type: 1,
        rate: 50,
        limit_count: 3,
        expire_at: now + DAY,
        guest: 1,
        target_scope: 20,
        target_ids: JSON.stringify([title]),
      })
      .execute();
    const r = await get(`/api/guest/cart_books?book_id=${b},${a},${b},${c},${hidden},999999`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.items.map((i: { bookId: number }) => i.bookId)).toEqual([b, a, c]);
    expect(body).toMatchObject({
      totalCount: 3,
      totalPrice: 300 + 660 + 700,
      coupon: { name: '新規会員 半額クーポン', label: '半額クーポン適用価格', limit: 3, remaining: '今日まで' },
    });
    expect(body.items[0]).toMatchObject({ price: 300, beforePrice: 500, couponLabel: '半額クーポン適用価格', couponPrice: 150 });
    expect(body.items[1]).toMatchObject({ price: 660, beforePrice: null, couponLabel: '半額クーポン適用価格', couponPrice: 330 });
    expect(body.items[2]).toMatchObject({ price: 700, couponLabel: null, couponPrice: null });
    await db().updateTable('coupons').set({ enabled: 0 }).execute();
    expect((await get(`/api/guest/cart_books?book_id=${a}`)).json()).toMatchObject({ coupon: null, items: [{ couponLabel: null }] });
  });

  it('at most 100 ids; bad ids answer 400 naming book_id', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const url of ['/api/guest/cart_books', `/api/guest/cart_books?book_id=${ids.join(',')}`, '/api/guest/cart_books?book_id=1,x']) {
      const r = await get(url);
      expect(r.statusCode).toBe(400);
      expect(JSON.stringify(r.json())).toContain('book_id');
    }
    expect((await get(`/api/guest/cart_books?book_id=${ids.slice(0, 100).join(',')}`)).statusCode).toBe(200);
  });
});
