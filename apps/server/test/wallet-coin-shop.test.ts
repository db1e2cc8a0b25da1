import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../src/payments/sandbox-provider';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ paymentProvider: createSandboxProvider({ maintenance: ['au'] }) });
});
afterAll(() => t.close());

const card = (number: string) => ({ number, expiry: '12/39', cvc: '123' });
const cardId = (number: string = SandboxTestCard.SUCCESS) => sandboxCardId(t.app, number);
type Item = {
  id: number;
  coin: number;
  bonus: number;
  bonusPoint: number;
  taxIncludedPrice: number;
  limit: number | null;
  purchasableCount: number | null;
  couponAppeal: boolean;
  highlight: string;
};

async function items(cookie?: string, query = 'payment_type=creditcard&display_scenes=shop'): Promise<Item[]> {
  const response = await t.app.inject({ url: `/api/manga_coin/items/v3?${query}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Item[] }>().items;
}

async function buyPack(cookie: string, payload: object, token?: string) {
  const tk = token ?? (await tokenFor(t.app, cookie, '/api/manga_coin/purchase/create_token'));
  return t.app.inject({ method: 'POST', url: `/api/manga_coin/purchase?token=${tk}`, headers: { cookie }, payload });
}

describe('coin shop', () => {
  it('lists packs per payment type with limit, highlight and the coupon appeal rule', async () => {
    const shop = await items();
    expect(shop.length).toBeGreaterThan(4);
    const trial = shop.find((i) => i.limit === 1)!;
    expect(trial).toMatchObject({ purchasableCount: 1, highlight: 'bargain', couponAppeal: true });
    expect(shop.find((i) => i.coin === 1000)).toMatchObject({ bonus: 50, couponAppeal: false, highlight: 'popular' });
    const docomo = await items(undefined, 'payment_type=docomo');
    expect(docomo.some((i) => i.coin === 33000)).toBe(false);
    const bad = await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toContain('payment_type');
  });

  it('names the good-value pack and the appeal mapping per payment type', async () => {
    const good = (await t.app.inject({ url: '/api/manga_coin/good_value?payment_type=paypay' })).json();
    expect(good).toMatchObject({ paymentType: 'paypay', goodValueFlg: true, item: { coin: 10000, bonus: 2000 } });
    const mapping = (await t.app.inject({ url: '/api/manga_coin/appeal_mapping?payment_type=creditcard' })).json();
    expect(mapping.mappings.map((m: { coverUpTo: number }) => m.coverUpTo)).toEqual([300, 1050, 3300]);
  });

  it('publishes the 資金決済法 notice', async () => {
    const notice = (await t.app.inject({ url: '/api/manga_coin/legal_notice' })).json();
    expect(notice.title).toBe('資金決済法に基づく表示');
    const headings = notice.sections.map((s: { heading: string }) => s.heading);
    for (const h of ['発行者', '有効期間', '残高の確認方法', 'お問い合わせ先', '利用規約']) expect(headings).toContain(h);
  });

  it('answers 401 to every member call without a session', async () => {
    for (const url of [
      '/api/manga_coin/balance',
      '/api/manga_coin/history',
      '/api/manga_coin/period_balance',
      '/api/manga_coin/expiration_balance?days=30',
      '/api/user/get_coin',
      '/api/manga_coin/purchase/create_token',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe('coin pack by card', () => {
  it('grants paid coins with their yen value, bonus coins and bonus points only after the card is charged', async () => {
    const m = await member(t.app);
    const pack = (await items(m.cookie)).find((i) => i.coin === 1000)!;
    const response = await buyPack(m.cookie, { itemId: pack.id, paymentType: 'creditcard', cardId: await cardId() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMPLETE', coin: 1000, bonus: 50, bonusPoint: 10, balance: 1050 });
    const lots = await t.database.db.selectFrom('wallet_lots').selectAll().where('user_id', '=', m.userId).orderBy('id').execute();
    expect(lots.map((l) => [l.currency, l.amount, l.paid, l.yen_value])).toEqual([
      ['MANGA_COIN', 1000, 1, 1000],
      ['MANGA_COIN', 50, 0, 0],
      ['POINT', 10, 0, 0],
    ]);
    const balance = (await t.app.inject({ url: '/api/manga_coin/balance', headers: { cookie: m.cookie } })).json();
    expect(balance).toEqual({ balance: 1050, paidBalance: 1000, bonusBalance: 50 });
    const coin = (await t.app.inject({ url: '/api/user/get_coin', headers: { cookie: m.cookie } })).json();
    expect(coin).toEqual({ status: { code: 0 }, results: { coin: 0, mangaCoin: 1050, point: 10 } });
    await ledgerInvariant(t.database.db, m.userId, Date.now());
  });

  it.each([
    [SandboxTestCard.DECLINED, 'DECLINED_CARD'],
    [SandboxTestCard.LIMIT_EXCEEDED, 'USER_CREDIT_CARD_LIMIT_EXCEEDED'],
  ])('card %s grants nothing and says %s, recorded as PAYMENT_ERROR', async (number, code) => {
    const m = await member(t.app);
    const pack = (await items(m.cookie)).find((i) => i.coin === 300)!;
    const token = await tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token');
    const payload = { itemId: pack.id, paymentType: 'creditcard', cardId: await cardId(number) };
    const response = await buyPack(m.cookie, payload, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(code);
    const replay = await buyPack(m.cookie, payload, token);
    expect(replay.json()).toEqual(response.json());
    const payments = (await t.app.inject({ url: '/api/order/payments?offset=0&limit=10', headers: { cookie: m.cookie } })).json();
    expect(payments.payments).toHaveLength(1);
    expect(payments.payments[0]).toMatchObject({ kind: 'MANGA_COIN', status: 'PAYMENT_ERROR', paymentTypeCode: 4 });
    expect(await ledgerInvariant(t.database.db, m.userId, Date.now())).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
  });

  it.each([
    [SandboxTestCard.UNSUPPORTED, '12/39', 'UNSUPPORTED_CARD'],
    ['4242424242424241', '12/39', 'CLIENT_ERROR'],
    [SandboxTestCard.SUCCESS, '01/20', 'CLIENT_ERROR'],
  ])('the sandbox card endpoint refuses card %s (%s) with %s, as the sandbox did at the charge', async (number, expiry, code) => {
    const response = await t.app.inject({ method: 'POST', url: '/sandbox/cards', payload: { number, expiry, cvc: '123' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(code);
    expect(
      await t.database.db
        .selectFrom('sandbox_card_tokens')
        .select('card_id')
        .where('last4', '=', number.slice(-4))
        .where('expiry', '=', expiry)
        .execute(),
    ).toHaveLength(0);
  });

  it('takes the card on the sandbox endpoint only: the store accepts its cardId and refuses a body carrying the card', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/sandbox/cards',
      payload: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(taken.statusCode).toBe(200);
    const token = taken.json<{ cardId: string; brand: string; last4: string }>();
    expect(token).toEqual({ cardId: expect.stringMatching(/^card_[\w-]{20,}$/), brand: 'VISA', last4: '4242' });
    // The sandbox keeps no number: the brand, last four digits, expiry and test behaviour only.
    const row = await t.database.db
      .selectFrom('sandbox_card_tokens')
      .selectAll()
      .where('card_id', '=', token.cardId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('424242424242');
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/cards', payload: { number: '4242' } })).json()).toMatchObject({
      errorCode: 'BAD_REQUEST',
      messages: expect.arrayContaining([expect.stringContaining('number')]),
    });

    const m = await member(t.app);
    const pack = (await items(m.cookie)).find((i) => i.coin === 300)!;
    // A card number sent to the store is refused before anything happens, naming `card`, with or without a cardId.
    for (const payload of [
      { itemId: pack.id, paymentType: 'creditcard', card: card(SandboxTestCard.SUCCESS) },
      { itemId: pack.id, paymentType: 'creditcard', cardId: token.cardId, card: card(SandboxTestCard.SUCCESS) },
    ]) {
      const refused = await buyPack(m.cookie, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'BAD_REQUEST', messages: [expect.stringMatching(/^card: /)] });
    }
    const bought = await buyPack(m.cookie, { itemId: pack.id, paymentType: 'creditcard', cardId: token.cardId });
    expect(bought.json()).toMatchObject({ status: 'COMPLETE', coin: 300 });
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', bought.json().orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ card_brand: 'VISA', card_last4: '4242' });
    // The card is the member's now: paying with it again works, another member cannot use it.
    expect((await buyPack(m.cookie, { itemId: pack.id, paymentType: 'creditcard', cardId: token.cardId })).json()).toMatchObject({
      status: 'COMPLETE',
    });
    const other = await member(t.app);
    const stolen = await buyPack(other.cookie, { itemId: pack.id, paymentType: 'creditcard', cardId: token.cardId });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errorCode).toBe('INVALID_CARD_ID');
    expect(await ledgerInvariant(t.database.db, other.userId, Date.now())).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
  });

  it('refuses a card payment without a card, an unknown pack, a pack over its limit, and a method in maintenance', async () => {
    const m = await member(t.app);
    const shop = await items(m.cookie);
    const noCard = await buyPack(m.cookie, { itemId: shop[0]!.id, paymentType: 'creditcard' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().messages[0]).toContain('cardId');
    const unknown = await buyPack(m.cookie, { itemId: 9999, paymentType: 'creditcard', cardId: await cardId() });
    expect(unknown.json().errorCode).toBe('INVALID_COIN_SALES_ID');
    const trial = shop.find((i) => i.limit === 1)!;
    expect((await buyPack(m.cookie, { itemId: trial.id, paymentType: 'creditcard', cardId: await cardId() })).statusCode).toBe(200);
    const again = await buyPack(m.cookie, { itemId: trial.id, paymentType: 'creditcard', cardId: await cardId() });
    expect(again.json().errorCode).toBe('POSSESSION_LIMIT');
    expect((await items(m.cookie)).find((i) => i.id === trial.id)!.purchasableCount).toBe(0);
    const au = await buyPack(m.cookie, { itemId: shop[1]!.id, paymentType: 'au' });
    expect(au.json().errorCode).toBe('PAYMENT_MAINTENANCE');
    await ledgerInvariant(t.database.db, m.userId, Date.now());
  });
});

describe('coin pack by carrier or wallet', () => {
  it('grants nothing until the member approves on the confirmation page, then returns to the return URL', async () => {
    const m = await member(t.app);
    const pack = (await items(m.cookie, 'payment_type=paypay')).find((i) => i.coin === 3000)!;
    const started = await buyPack(m.cookie, { itemId: pack.id, paymentType: 'paypay', returnUrl: '/mangacoin?from=pay' });
    expect(started.json()).toMatchObject({ status: 'PROCESSING' });
    const { confirmUrl, orderId } = started.json();
    expect((await t.app.inject({ url: '/api/manga_coin/balance', headers: { cookie: m.cookie } })).json().balance).toBe(0);
    const page = await t.app.inject({ url: confirmUrl });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('3,000円');
    expect(page.body).toContain('PayPay');
    const approve = await t.app.inject({ method: 'POST', url: `${confirmUrl}/approve` });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/mangacoin?from=pay&order_id=${orderId}&result=COMPLETE`);
    const status = (await t.app.inject({ url: `/api/manga_coin/purchases/${orderId}`, headers: { cookie: m.cookie } })).json();
    expect(status).toMatchObject({ status: 'COMPLETE', paymentType: 'paypay', coin: 3000 });
    expect((await t.app.inject({ url: '/api/manga_coin/balance', headers: { cookie: m.cookie } })).json().balance).toBe(3300);
    // A second decision changes nothing.
    const cancelLate = await t.app.inject({ method: 'POST', url: `${confirmUrl}/cancel` });
    expect(cancelLate.headers.location).toContain('result=COMPLETE');
    expect((await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN).toBe(3300);
  });

  it('a cancelled payment grants nothing and is recorded as CANCEL', async () => {
    const m = await member(t.app);
    const pack = (await items(m.cookie, 'payment_type=docomo'))[1]!;
    const started = (await buyPack(m.cookie, { itemId: pack.id, paymentType: 'docomo' })).json();
    const cancel = await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/cancel` });
    expect(cancel.headers.location).toBe(`/mangacoin?order_id=${started.orderId}&result=CANCEL`);
    const status = (await t.app.inject({ url: `/api/manga_coin/purchases/${started.orderId}`, headers: { cookie: m.cookie } })).json();
    expect(status).toMatchObject({ status: 'CANCEL', failureCode: 'CANCELLED_BY_USER' });
    expect(await ledgerInvariant(t.database.db, m.userId, Date.now())).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
  });

  it('refuses a return URL off the site', async () => {
    const m = await member(t.app);
    const response = await buyPack(m.cookie, { itemId: 2, paymentType: 'linepay', returnUrl: 'https://evil.example/' });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toContain('returnUrl');
  });
});
