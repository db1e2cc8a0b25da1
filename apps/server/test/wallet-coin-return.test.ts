import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { member, tokenFor } from './support/wallet-factories';

/** §7 Manga coin `/pcb` (path) and `/cb`: the way to the coin shop and back. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('GET /manga_coin/pcb and /manga_coin/cb', () => {
  it('keeps the page to come back to; after a coin purchase /cb gives its outcome, the balance and the path, once', async () => {
    const m = await member(t.app);
    const back = '/viewer?cid=12&open_lastpage=true';
    const pcb = await get(`/api/manga_coin/pcb?path=${encodeURIComponent(back)}`, m.cookie);
    expect(pcb.statusCode).toBe(200);
    expect(pcb.json()).toEqual({ status: { code: 0 }, results: { path: back, shopUrl: '/mangacoin?ref=pcb' } });

    const items = (await get('/api/manga_coin/items/v3?payment_type=paypay', m.cookie)).json<{
      items: { id: number; coin: number; bonus: number }[];
    }>().items;
    const token = await tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token');
    const started = (
      await t.app.inject({
        method: 'POST',
        url: `/api/manga_coin/purchase?token=${token}`,
        headers: { cookie: m.cookie },
        payload: { itemId: items[0]!.id, paymentType: 'paypay' },
      })
    ).json();
    await t.app.inject({ method: 'POST', url: `${started.confirmUrl}/approve` });

    const cb = await get('/api/manga_coin/cb', m.cookie);
    expect(cb.statusCode).toBe(200);
    expect(cb.json()).toEqual({
      status: { code: 0 },
      results: {
        path: back,
        purchase: { orderId: started.orderId, status: 'COMPLETE', coin: items[0]!.coin, bonus: items[0]!.bonus },
        mangaCoin: items[0]!.coin + items[0]!.bonus,
      },
    });
    // handed out once
    expect((await get('/api/manga_coin/cb', m.cookie)).json().results.path).toBeNull();
  });

  it('/cb without a /pcb or a purchase answers nulls; a later /pcb replaces the path', async () => {
    const m = await member(t.app);
    expect((await get('/api/manga_coin/cb', m.cookie)).json()).toEqual({
      status: { code: 0 },
      results: { path: null, purchase: null, mangaCoin: 0 },
    });
    await get('/api/manga_coin/pcb?path=/cart', m.cookie);
    await get('/api/manga_coin/pcb?path=/series_list/series_id=3', m.cookie);
    expect((await get('/api/manga_coin/cb', m.cookie)).json().results).toMatchObject({ path: '/series_list/series_id=3', purchase: null });
  });

  it('§5/§8: path is required and must be on this site (400 naming it); both need login (401)', async () => {
    const m = await member(t.app);
    for (const url of [
      '/api/manga_coin/pcb',
      '/api/manga_coin/pcb?path=https://evil.example/',
      '/api/manga_coin/pcb?path=//evil.example/x',
    ]) {
      const r = await get(url, m.cookie);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().errorCode).toBe('BAD_REQUEST');
      expect(JSON.stringify(r.json().messages)).toContain('path');
    }
    expect((await get('/api/manga_coin/pcb?path=/cart')).statusCode).toBe(401);
    expect((await get('/api/manga_coin/cb')).json().errorCode).toBe('UNAUTHORIZED');
  });
});
