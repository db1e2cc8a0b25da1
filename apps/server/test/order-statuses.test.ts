import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/** §4 order statuses: each reached where its event happens, by the domain's transitions. */
const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 10, 28, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

const payments = async (cookie: string) =>
  (await t.app.inject({ url: '/api/order/payments?offset=0&limit=20', headers: { cookie } })).json<{
    payments: { orderId: number; status: string; kind: string }[];
  }>().payments;
const statusOf = async (orderId: number) =>
  await db().selectFrom('orders').select(['status', 'failure_code']).where('id', '=', orderId).executeTakeFirstOrThrow();

async function buyPack(cookie: string, payload: object) {
  const token = await tokenFor(t.app, cookie, '/api/manga_coin/purchase/create_token');
  return t.app.inject({ method: 'POST', url: `/api/manga_coin/purchase?token=${token}`, headers: { cookie }, payload });
}
async function packFor(cookie: string, paymentType: string) {
  const r = await t.app.inject({ url: `/api/manga_coin/items/v3?payment_type=${paymentType}&display_scenes=shop`, headers: { cookie } });
  return r.json<{ items: { id: number; coin: number }[] }>().items[0]!;
}

describe('order statuses (§4)', () => {
  it('DELIVERED: a pre-order is delivered by the scheduler once its book is released; before that it stays COMPLETE, a cancelled one stays CANCEL', async () => {
    const m = await member(t.app);
    const release = now + 2 * DAY;
    const title = await insertTitle(db());
    const [kept, dropped] = [
      await insertBook(db(), title, 1, { price: 300, start_datetime: release }),
      await insertBook(db(), title, 2, { price: 300, start_datetime: release }),
    ];
    await grantTo(db(), m.userId, 'MANGA_COIN', 600, { now });
    const preOrder = async (bookId: number) => {
      const token = await tokenFor(t.app, m.cookie, '/api/pre_order/create_token');
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/pre_order/manga_coin/order/book?token=${token}`,
        headers: { cookie: m.cookie },
        payload: { bookId, price: 300 },
      });
      return r.json<{ preOrderId: number }>().preOrderId;
    };
    const [a, b] = [await preOrder(kept), await preOrder(dropped)];
    await t.app.inject({ method: 'POST', url: `/api/pre_order/order_status/${b}/cancel`, headers: { cookie: m.cookie } });
    // a bought book (not a pre-order) is never DELIVERED
    const released = await insertBook(db(), title, 0, { price: 0 });
    await t.app.inject({ method: 'POST', url: '/api/order/free_book', headers: { cookie: m.cookie }, payload: { book_id: released } });

    await t.app.ops.scheduler.runDue();
    expect((await statusOf(a)).status).toBe('COMPLETE');
    now = release;
    await t.app.ops.scheduler.runDue();
    expect((await statusOf(a)).status).toBe('DELIVERED');
    expect((await statusOf(b)).status).toBe('CANCEL');
    const list = await payments(m.cookie);
    expect(list.find((p) => p.orderId === a)?.status).toBe('DELIVERED');
    expect(list.filter((p) => p.status === 'DELIVERED')).toHaveLength(1);
    const status = (await t.app.inject({ url: `/api/pre_order/order_status/${a}`, headers: { cookie: m.cookie } })).json();
    expect(status.orderStatus).toBe('COMPLETED');
    // Delivered once: a second run finds nothing to do.
    now += DAY;
    await t.app.ops.scheduler.runDue();
    expect((await statusOf(a)).status).toBe('DELIVERED');
  });

  it("PURCHASE_RESULT_ERROR: a carrier's purchase result comes back failed for a coin pack: nothing granted", async () => {
    const m = await member(t.app);
    const pack = await packFor(m.cookie, 'paypay');
    const started = (await buyPack(m.cookie, { itemId: pack.id, paymentType: 'paypay', returnUrl: '/mangacoin' })).json();
    expect(started.status).toBe('PROCESSING');
    const page = await t.app.inject({ url: started.confirmUrl });
    expect(page.body).toContain('決済結果エラー');
    const failed = await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/result_error` });
    expect(failed.headers.location).toBe(`/mangacoin?order_id=${started.orderId}&result=PURCHASE_RESULT_ERROR`);
    expect(await statusOf(started.orderId)).toEqual({ status: 'PURCHASE_RESULT_ERROR', failure_code: 'PURCHASE_RESULT_ERROR' });
    expect(
      (await t.app.inject({ url: `/api/manga_coin/purchases/${started.orderId}`, headers: { cookie: m.cookie } })).json(),
    ).toMatchObject({ status: 'PURCHASE_RESULT_ERROR' });
    expect(await ledgerInvariant(db(), m.userId, now)).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
    // decided once: a later approval changes nothing
    await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/approve` });
    expect((await statusOf(started.orderId)).status).toBe('PURCHASE_RESULT_ERROR');
  });

  it('PURCHASE_RESULT_ERROR on a cart paid by carrier: books not granted, points given back, the cart kept', async () => {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500 });
    await c.addMany([book]);
    await grantTo(db(), m.userId, 'POINT', 100, { now });
    const r = await c.order(await c.token(), { usePoint: 100, salePrice: 500, bookIds: [book], paymentType: 'docomo' });
    const { orderId, confirmUrl } = r.json().results;
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(0);
    await t.app.inject({ method: 'POST', url: `${confirmUrl}/result_error` });
    expect((await statusOf(orderId)).status).toBe('PURCHASE_RESULT_ERROR');
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(100);
    expect(await db().selectFrom('user_books').select('book_id').where('user_id', '=', m.userId).execute()).toEqual([]);
    expect((await db().selectFrom('cart_items').select('book_id').where('user_id', '=', m.userId).execute()).map((x) => x.book_id)).toEqual(
      [book],
    );
  });

  it('GRANT_ERROR: an approval that would pass the manga coin cap grants nothing', async () => {
    const m = await member(t.app);
    const pack = await packFor(m.cookie, 'au');
    const started = (await buyPack(m.cookie, { itemId: pack.id, paymentType: 'au' })).json();
    // the member reached the cap meanwhile (another pack, a subscription)
    await grantTo(db(), m.userId, 'MANGA_COIN', 500_000, { now });
    await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/approve` });
    expect(await statusOf(started.orderId)).toEqual({ status: 'GRANT_ERROR', failure_code: 'COIN_POSESSION_OVER' });
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(500_000);
  });

  it('PAYMENT_ERROR: a declined card; CANCEL: a carrier payment left undecided until it expired', async () => {
    const m = await member(t.app);
    const card = await packFor(m.cookie, 'creditcard');
    const declined = await buyPack(m.cookie, {
      itemId: card.id,
      paymentType: 'creditcard',
      cardId: await sandboxCardId(t.app, SandboxTestCard.DECLINED),
    });
    expect(declined.json().errorCode).toBe('DECLINED_CARD');
    const pack = await packFor(m.cookie, 'linepay');
    const started = (await buyPack(m.cookie, { itemId: pack.id, paymentType: 'linepay' })).json();
    now += 31 * 60 * 1000;
    const late = await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/approve` });
    expect(late.headers.location).toContain('result=CANCEL');
    const list = await payments(m.cookie);
    expect(list.map((p) => p.status)).toEqual(['CANCEL', 'PAYMENT_ERROR']);
    expect(await statusOf(started.orderId)).toEqual({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(await ledgerInvariant(db(), m.userId, now)).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
  });
});
