import { endOfTokyoDay } from '@hondana/domain/wallet/wallet-lots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBookOrder } from '../src/modules/orders/cancel-order.service';
import { ownsBook } from '../src/modules/orders/entitlements';
import { adjustGrant, unusedPaidBalance } from '../src/modules/wallet/reports';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, sandboxCardId } from './support/wallet-factories';

const DAY = 24 * 3600e3;
let now = Date.UTC(2027, 2, 1);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;
const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } }).then((r) => r.json());

describe('expiry', () => {
  it('writes one EXPIRE entry per expired lot, however often balances are read', async () => {
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 100, { expiresAt: now + 2 * DAY, now });
    await grantTo(db(), m.userId, 'MANGA_COIN', 300, { paid: true, yenValue: 300, expiresAt: now + 20 * DAY, now });
    expect(await get(m.cookie, '/api/manga_coin/expiration_balance?days=7')).toEqual({
      days: 7,
      amount: 100,
      earliestExpireDatetime: now + 2 * DAY,
    });
    const periods = await get(m.cookie, '/api/manga_coin/period_balance?offset=0&limit=10');
    expect(periods.periods.map((p: { amount: number }) => p.amount)).toEqual([100, 300]);
    now += 3 * DAY;
    await Promise.all([1, 2, 3].map(() => get(m.cookie, '/api/manga_coin/balance')));
    expect((await get(m.cookie, '/api/manga_coin/balance')).balance).toBe(300);
    const entries = await db()
      .selectFrom('wallet_ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', m.userId)
      .where('kind', '=', 'EXPIRE')
      .execute();
    expect(entries).toEqual([{ kind: 'EXPIRE', amount: -100 }]);
    const history = await get(m.cookie, '/api/manga_coin/history?offset=0&limit=10');
    expect(history.history[0]).toMatchObject({ kind: 'EXPIRE', amount: -100, currency: 'MANGA_COIN' });
    expect(await ledgerInvariant(db(), m.userId, now)).toMatchObject({ MANGA_COIN: 300 });
  });

  it('lists one currency’s entries when asked: the manga-coin statement without points (issue 34 item 5)', async () => {
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 100, { now });
    await grantTo(db(), m.userId, 'POINT', 50, { now });
    await grantTo(db(), m.userId, 'COIN', 30, { now });
    const coins = await get(m.cookie, '/api/manga_coin/history?offset=0&limit=10&currency=MANGA_COIN');
    expect(coins).toMatchObject({ totalCount: 1, history: [{ currency: 'MANGA_COIN', amount: 100 }] });
    const points = await get(m.cookie, '/api/manga_coin/history?offset=0&limit=10&currency=POINT');
    expect(points).toMatchObject({ totalCount: 1, history: [{ currency: 'POINT', amount: 50 }] });
    expect((await get(m.cookie, '/api/manga_coin/history?offset=0&limit=10')).totalCount).toBe(3);
    const bad = await t.app.inject({ url: '/api/manga_coin/history?currency=YEN', headers: { cookie: m.cookie } });
    expect([bad.statusCode, bad.json().messages.join()]).toEqual([400, expect.stringContaining('currency')]);
  });

  it('points from a purchase expire after their campaign expireDays', async () => {
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { now });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 1000 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 1000)).statusCode).toBe(200);
    const lots = await db()
      .selectFrom('wallet_lots')
      .select(['amount', 'expires_at'])
      .where('user_id', '=', m.userId)
      .where('currency', '=', 'POINT')
      .orderBy('amount')
      .execute();
    expect(lots).toEqual([
      { amount: 10, expires_at: now + 365 * DAY },
      { amount: 100, expires_at: now + 90 * DAY },
    ]);
    const saved = now;
    now += 91 * DAY;
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(10);
    now = saved;
  });
});

describe('cancelled order', () => {
  it('gives each lot back exactly what the order drew, takes back its points and the book', async () => {
    const m = await member(t.app);
    const a = await grantTo(db(), m.userId, 'MANGA_COIN', 70, { expiresAt: now + 5 * DAY, now });
    const b = await grantTo(db(), m.userId, 'MANGA_COIN', 500, { paid: true, yenValue: 500, expiresAt: now + 300 * DAY, now });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 200 });
    const order = (await buyWithMangaCoin(t.app, m.cookie, book, 200)).json().results.orderId;
    await cancelBookOrder(db(), order, 'test', now);
    const lots = await db().selectFrom('wallet_lots').select(['id', 'remaining']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(lots.map((l) => l.remaining)).toEqual([70, 500]);
    expect(await ownsBook(db(), m.userId, book, now)).toBe(false);
    expect(await ledgerInvariant(db(), m.userId, now)).toEqual({ COIN: 0, MANGA_COIN: 570, POINT: 0 });
    const payments = await get(m.cookie, '/api/order/payments?offset=0&limit=5');
    expect(payments.payments[0].status).toBe('CANCEL');
    await expect(cancelBookOrder(db(), order, 'again', now)).rejects.toThrow();
  });

  it('a refund to a lot that expired meanwhile is written and expired at once', async () => {
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 100, { expiresAt: now + DAY, now });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 60 });
    const order = (await buyWithMangaCoin(t.app, m.cookie, book, 60)).json().results.orderId;
    const saved = now;
    now += 2 * DAY;
    await ledgerInvariant(db(), m.userId, now);
    await cancelBookOrder(db(), order, 'late', now);
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(0);
    now = saved;
  });
});

describe('operator support', () => {
  it('an ADJUST grant is a lot with its entry', async () => {
    const m = await member(t.app);
    await adjustGrant(db(), { userId: m.userId, currency: 'COIN', amount: 250, reason: 'お詫び', now });
    const entry = await db().selectFrom('wallet_ledger').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'ADJUST', amount: 250, reason: 'サポート対応: お詫び' });
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(250);
  });

  it('reports the unused paid balance at yen value on a reference date, from the ledger', async () => {
    const before = await unusedPaidBalance(db(), '2027-03-31');
    const m = await member(t.app);
    const at = endOfTokyoDay('2027-03-31');
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000, { paid: true, yenValue: 900, expiresAt: at + 300 * DAY, now: at - 10 * DAY });
    await grantTo(db(), m.userId, 'MANGA_COIN', 5000, { expiresAt: at + 300 * DAY, now: at - 10 * DAY });
    const saved = now;
    now = at - 5 * DAY;
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 5400 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 5400)).statusCode).toBe(200);
    now = at + DAY;
    const book2 = await insertBook(db(), await insertTitle(db()), 1, { price: 100 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book2, 100)).statusCode).toBe(200);
    now = saved;
    const report = await unusedPaidBalance(db(), '2027-03-31');
    const coins = (r: typeof report) => r.byCurrency.find((c) => c.currency === 'MANGA_COIN') ?? { coins: 0, yen: 0 };
    // 5000 bonus then 400 of the paid lot were spent by 3/31: 600 paid coins left, worth 540 yen.
    expect(coins(report).coins - coins(before).coins).toBe(600);
    expect(coins(report).yen - coins(before).yen).toBe(540);
  });
});

describe('carrier payment left undecided', () => {
  it('expires after 30 minutes: approving then grants nothing and cancels it (CANCEL, PAYMENT_EXPIRED)', async () => {
    const m = await member(t.app);
    const token = (await get(m.cookie, '/api/manga_coin/purchase/create_token')).status.token;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { itemId: 2, paymentType: 'softbank' },
    });
    const { confirmUrl, orderId } = started.json();
    const saved = now;
    now += 31 * 60 * 1000;
    const approve = await t.app.inject({ method: 'POST', url: `${confirmUrl}/approve` });
    expect(approve.headers.location).toBe(`/mangacoin?order_id=${orderId}&result=CANCEL`);
    expect(await get(m.cookie, `/api/manga_coin/purchases/${orderId}`)).toMatchObject({ status: 'CANCEL', failureCode: 'PAYMENT_EXPIRED' });
    expect(await ledgerInvariant(db(), m.userId, now)).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
    now = saved;
  });

  it('left on the confirmation page (the back button), it waits until the time limit, then the scheduler cancels it; the coin shop is told both', async () => {
    const m = await member(t.app);
    const saved = now;
    const token = (await get(m.cookie, '/api/manga_coin/purchase/create_token')).status.token;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { itemId: 2, paymentType: 'docomo' },
    });
    const { confirmUrl, orderId } = started.json();
    const startedAt = now;
    // Back at the coin shop at once: the payment waits, and until when.
    expect(await get(m.cookie, '/api/manga_coin/purchases/unsettled')).toMatchObject({
      purchase: { orderId, status: 'PROCESSING', paymentType: 'docomo' },
      expiresAt: startedAt + 30 * 60 * 1000,
    });
    now = startedAt + 29 * 60 * 1000;
    await t.app.ops.scheduler.runDue();
    expect(await get(m.cookie, `/api/manga_coin/purchases/${orderId}`)).toMatchObject({ status: 'PROCESSING' });
    // Past the provider's time limit, with no one on the page: the scheduler's run ends it.
    now = startedAt + 31 * 60 * 1000;
    const runs = await t.app.ops.scheduler.runDue();
    expect(runs.find((r) => r.name === 'sandbox-payment-expiry')).toMatchObject({ outcome: 'ran', items: 1 });
    expect(await get(m.cookie, `/api/manga_coin/purchases/${orderId}`)).toMatchObject({ status: 'CANCEL', failureCode: 'PAYMENT_EXPIRED' });
    expect(await get(m.cookie, '/api/manga_coin/purchases/unsettled')).toMatchObject({
      purchase: { orderId, status: 'CANCEL', failureCode: 'PAYMENT_EXPIRED' },
      expiresAt: null,
    });
    // Approving the old page now changes nothing; the next run finds nothing to end.
    const late = await t.app.inject({ method: 'POST', url: `${confirmUrl}/approve` });
    expect(late.headers.location).toBe(`/mangacoin?order_id=${orderId}&result=CANCEL`);
    now += 2 * 60 * 1000;
    expect((await t.app.ops.scheduler.runDue()).find((r) => r.name === 'sandbox-payment-expiry')).toMatchObject({
      outcome: 'ran',
      items: 0,
    });
    expect(await ledgerInvariant(db(), m.userId, now)).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
    // Said for a day, then no more; a card id the card fields gave and no one paid with is gone by then.
    const unused = await sandboxCardId(t.app);
    now = startedAt + 34 * 60 * 1000 + DAY;
    expect(await get(m.cookie, '/api/manga_coin/purchases/unsettled')).toEqual({ purchase: null, expiresAt: null, voucher: null });
    await t.app.ops.scheduler.runDue();
    expect(await db().selectFrom('sandbox_card_tokens').select('card_id').where('card_id', '=', unused).execute()).toEqual([]);
    now = saved;
  });
});
