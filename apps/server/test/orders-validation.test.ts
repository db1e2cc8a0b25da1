import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { member } from './support/wallet-factories';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await member(t.app)).cookie;
});
afterAll(() => t.close());

const bad: [string, string, object | undefined, string][] = [
  ['POST', '/api/order/buy_check/v2', { book_ids: 'abc', book_type: 0, use_point: 0, buy_free_flag: 0 }, 'book_ids'],
  ['POST', '/api/order/buy_check/v2', { book_ids: '1', book_type: 1, use_point: 0, buy_free_flag: 0 }, 'book_type'],
  ['POST', '/api/order/buy_check/v2', { book_ids: '1', book_type: 0, use_point: -1, buy_free_flag: 0 }, 'use_point'],
  ['POST', '/api/order/buy_check/v2', { book_ids: '1', book_type: 0, use_point: 0, buy_free_flag: 7 }, 'buy_free_flag'],
  ['POST', '/api/order/buy/v2', { book_ids: '1', book_type: 0, use_point: 0, token: 'x'.repeat(300) }, 'token'],
  ['POST', '/api/order/book/manga_coin/buy_check', { book_id: '9999999999', request_price: 1 }, 'book_id'],
  ['POST', '/api/order/book/manga_coin/buy_check', { book_id: 1, request_price: 1.5 }, 'request_price'],
  ['POST', '/api/order/book/manga_coin/buy', { token: 'x', book_id: 1 }, 'checked_price'],
  ['POST', '/api/order/free_book', {}, 'book_id'],
  ['GET', '/api/order/payments?offset=0', undefined, 'limit'],
  ['GET', '/api/order/payments?offset=-1&limit=10', undefined, 'offset'],
  ['GET', '/api/user/recently_bought/v3', undefined, 'transactionId'],
  ['GET', '/api/user_books/me/by_book?book_id=1,x', undefined, 'book_id'],
  ['GET', '/api/book_point_campaigns/by_book', undefined, 'book_id'],
  ['GET', '/api/manga_coin/expiration_balance', undefined, 'days'],
  ['GET', '/api/manga_coin/history?limit=1000', undefined, 'limit'],
  ['GET', '/api/manga_coin/good_value', undefined, 'payment_type'],
  ['GET', '/api/manga_coin/purchases/abc', undefined, 'order_id'],
  ['POST', '/api/manga_coin/purchase?token=x', { itemId: '2', paymentType: 'creditcard' }, 'itemId'],
  [
    'POST',
    '/api/manga_coin/purchase?token=x',
    { itemId: 2, paymentType: 'creditcard', card: { number: '42', expiry: '1/2', cvc: 'a' } },
    'card',
  ],
  ['POST', '/api/manga_coin/purchase', { itemId: 2, paymentType: 'paypay' }, 'token'],
];

describe('bad input is 400 naming the field, never a 500', () => {
  it.each(bad)('%s %s', async (method, url, payload, field) => {
    const response = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errorCode).toBe('BAD_REQUEST');
    expect(response.json().messages.join(' ')).toContain(field);
  });

  it('an unknown book is 404 and an unknown order 404', async () => {
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/order/book/manga_coin/buy_check',
      headers: { cookie },
      payload: { book_id: 424242, request_price: 1 },
    });
    expect(check.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/manga_coin/purchases/999', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user/recently_bought/v3?transactionId=999', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/sandbox/payments/sp_unknownunknown' })).statusCode).toBe(404);
  });
});
