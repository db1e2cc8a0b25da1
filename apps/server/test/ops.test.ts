import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createMember, confirmSignupEmail } from './support/members';
import { buyWithMangaCoin, grantTo, member, tokenFor } from './support/wallet-factories';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const config = (extra: object = {}) => ({ cookieSecure: false, secrets: { mediaUrlKey: 'test-media-key' }, ...extra });

describe('health', () => {
  it('/healthz answers while the process runs; /readyz checks the database, migrations and media store, and turns 503 on shutdown', async () => {
    t = await buildTestApp();
    const health = await t.app.inject({ url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', media: 'ok' } });

    t.app.ops.readiness.add('media', async () => {
      throw new Error('media store unreachable');
    });
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.media).toBe('media store unreachable');

    t.app.ops.readiness.shutDown();
    const closing = await t.app.inject({ url: '/readyz' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json().checks.shutdown).toBe('shutting down');
    // Still served meanwhile, each reply closing its connection.
    const status = await t.app.inject({ url: '/api/common/get_status' });
    expect(status.statusCode).toBe(200);
    expect(status.headers.connection).toBe('close');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('every response carries x-request-id: the caller’s plain id, or a new one (never a header a client could inject into)', async () => {
    t = await buildTestApp();
    const own = await t.app.inject({ url: '/api/common/get_status', headers: { 'x-request-id': 'lb-1234' } });
    expect(own.headers['x-request-id']).toBe('lb-1234');
    const made = await t.app.inject({ url: '/api/common/get_status', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const response of [
      await t.app.inject({ url: '/api/no/such/route' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
      await t.app.inject({ url: '/healthz' }),
    ]) {
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('metrics', () => {
  it('are not served without METRICS_TOKEN', async () => {
    t = await buildTestApp();
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('after a journey: the purchase, coins spent, route patterns with status and errorCode, latency, scheduler runs, event-loop lag', async () => {
    let now = Date.UTC(2026, 10, 25, 3);
    t = await buildTestApp({ clock: () => new Date(now), config: config({ metricsToken: 'scrape-secret' }) });
    const db = t.database.db;
    const m = await member(t.app);
    const book = await insertBook(db, await insertTitle(db), 1, { price: 100 });
    await grantTo(db, m.userId, 'MANGA_COIN', 300, { now });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 100)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.jp', password: 'wrong-password' } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: `/api/books/${book}` })).statusCode).toBeLessThan(500);
    await t.app.ops.scheduler.runDue();

    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    now += 10_000; // rows settle for 5 s before they are counted
    const scrape = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    expect(text).toMatch(
      /hondana_http_requests_total\{route="\/api\/order\/book\/manga_coin\/buy",method="POST",status="200",error_code=""\} 1/,
    );
    expect(text).toMatch(
      /hondana_http_requests_total\{route="\/api\/auth\/login",method="POST",status="401",error_code="INVALID_CREDENTIALS"\} 1/,
    );
    expect(text).toMatch(/hondana_http_request_duration_seconds_count\{route="\/api\/order\/book\/manga_coin\/buy",method="POST"\} 1/);
    expect(text).toMatch(/hondana_http_request_duration_seconds_bucket\{le="[\d.]+",route="\/api\/books\/:book_id",method="GET"\}/);
    expect(text).not.toContain(`/api/books/${book}"`);
    expect(text).toMatch(/hondana_coins_spent_total\{currency="MANGA_COIN",kind="SPEND"\} 100/);
    expect(text).toMatch(/hondana_coins_granted_total\{currency="MANGA_COIN",kind="GRANT"\} 300/);
    expect(text).toMatch(/hondana_orders_total\{kind="BOOK",status="COMPLETE"\} 1/);
    expect(text).toMatch(/hondana_scheduler_runs_total\{job="pre-order-bonus-settlement",outcome="ran"\} 1/);
    expect(text).toMatch(/hondana_nodejs_eventloop_lag_seconds \d/);
    if (t.database.dialect === 'postgres') expect(text).toMatch(/hondana_db_pool_connections\{state="waiting"\} 0/);

    // A second scrape counts nothing twice.
    const again = (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } })).body;
    expect(again).toMatch(/hondana_coins_spent_total\{currency="MANGA_COIN",kind="SPEND"\} 100/);
  });
});

describe('logs', () => {
  it('a journey logged line by line (requests too, at debug) carries no password, card number, session cookie or token', async () => {
    const lines: string[] = [];
    t = await buildTestApp({
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
      config: config({ logRequests: true }),
      beforeReady: (app) =>
        app.get('/api/test/explode', async () => {
          throw new Error('boom');
        }),
    });
    const someone = createMember({ password: 'hunter2-very-secret' });
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: someone });
    const cookie = String(signup.headers['set-cookie']).split(';')[0]!;
    await confirmSignupEmail(t.app, signup.json().userId); // a coin pack is a paid purchase: the address is confirmed first
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: someone.email, password: 'hunter2-very-secret' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: someone.email, password: 'wrong-but-secret-too' } });
    const token = await tokenFor(t.app, cookie, '/api/manga_coin/purchase/create_token');
    const pack = (
      await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop', headers: { cookie } })
    ).json().items[1];
    const card = { number: SandboxTestCard.SUCCESS, expiry: '12/39', cvc: '987' };
    // The card goes to the sandbox's card endpoint; the store gets its id (and refuses the card itself).
    const cardId = (await t.app.inject({ method: 'POST', url: '/sandbox/cards', payload: card })).json().cardId;
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie },
      payload: { itemId: pack.id, paymentType: 'creditcard', cardId },
    });
    expect(bought.statusCode).toBe(200);
    const declined = await tokenFor(t.app, cookie, '/api/manga_coin/purchase/create_token');
    await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${declined}`,
      headers: { cookie },
      payload: { itemId: pack.id, paymentType: 'creditcard', card: { ...card, number: SandboxTestCard.DECLINED } },
    });
    await t.app.inject({ method: 'POST', url: '/sandbox/cards', payload: { ...card, number: SandboxTestCard.DECLINED } });
    await t.app.inject({ url: '/api/test/explode', headers: { cookie, authorization: 'Bearer abc' } });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('/api/manga_coin/purchase?token=***');
    for (const secret of [
      'hunter2-very-secret',
      'wrong-but-secret-too',
      SandboxTestCard.SUCCESS,
      SandboxTestCard.DECLINED,
      cookie.split('=')[1]!,
      token,
      declined,
      'Bearer abc',
    ]) {
      expect(log).not.toContain(secret);
    }
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});
