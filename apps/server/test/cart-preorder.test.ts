import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

async function preOrder(cookie: string, bookId: number, price: number) {
  const token = await tokenFor(t.app, cookie, '/api/pre_order/create_token');
  return t.app.inject({
    method: 'POST',
    url: `/api/pre_order/manga_coin/order/book?token=${token}`,
    headers: { cookie },
    payload: { bookId, price },
  });
}
const status = (cookie: string, id: number) => t.app.inject({ url: `/api/pre_order/order_status/${id}`, headers: { cookie } });
const possession = async (cookie: string, bookId: number) =>
  JSON.stringify((await t.app.inject({ url: `/api/user_books/me/by_book?book_id=${bookId}`, headers: { cookie } })).json());

describe('pre-orders', () => {
  it('reserves a volume, delivers it at the release instant with no manual step', async () => {
    const m = await member(t.app);
    const release = now + 3 * DAY;
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500, start_datetime: release });
    await grantTo(db(), m.userId, 'MANGA_COIN', 600, { now });
    const r = await preOrder(m.cookie, book, 500);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ bookId: book, orderStatus: 'ACCEPTED', price: 500, releaseDatetime: release });
    expect(await possession(m.cookie, book)).toContain('RESERVED');
    expect((await preOrder(m.cookie, book, 500)).json().errorCode).toBe('ALREADY_RESERVED');
    now = release;
    expect((await status(m.cookie, r.json().preOrderId)).json().orderStatus).toBe('COMPLETED');
    expect(await possession(m.cookie, book)).toContain('OWNED');
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(100);
    const other = await member(t.app);
    expect((await status(other.cookie, r.json().preOrderId)).statusCode).toBe(404);
  });

  it('refusals: released or unknown book, too few coins, another price; nothing charged', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const released = await insertBook(db(), title, 1, { price: 500 });
    const coming = await insertBook(db(), title, 2, { price: 500, start_datetime: now + DAY });
    await grantTo(db(), m.userId, 'MANGA_COIN', 499, { now });
    expect((await preOrder(m.cookie, released, 500)).json().errorCode).toBe('INVALID_BOOK_ID');
    expect((await preOrder(m.cookie, 999_999, 500)).json().errorCode).toBe('INVALID_BOOK_ID');
    expect((await preOrder(m.cookie, coming, 400)).json().errorCode).toBe('DIFF_PRICE_REQUEST');
    const short = await preOrder(m.cookie, coming, 500);
    expect([short.statusCode, short.json().errorCode]).toEqual([403, 'NOT_ENOUGH_MANGA_COIN']);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(499);
    expect((await t.app.inject({ url: '/api/pre_order/create_token' })).statusCode).toBe(401);
  });

  it('cancels before the release: coins back, entitlement gone; not after the release', async () => {
    const m = await member(t.app);
    const release = now + DAY;
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300, start_datetime: release });
    await grantTo(db(), m.userId, 'MANGA_COIN', 300, { now });
    const id = (await preOrder(m.cookie, book, 300)).json().preOrderId as number;
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/pre_order/order_status/${id}/cancel`, headers: { cookie: m.cookie } });
    expect((await cancel()).json()).toMatchObject({ orderStatus: 'CANCELED' });
    expect(await possession(m.cookie, book)).not.toContain('RESERVED');
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(300);
    expect((await cancel()).statusCode).toBe(400);
    const again = (await preOrder(m.cookie, book, 300)).json().preOrderId as number;
    now = release + 1;
    const late = await t.app.inject({ method: 'POST', url: `/api/pre_order/order_status/${again}/cancel`, headers: { cookie: m.cookie } });
    expect(late.statusCode).toBe(400);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(0);
  });
});
