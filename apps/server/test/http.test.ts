import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember } from './support/members';
import { SESSION_COOKIE } from '../src/modules/accounts/sessions';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the error model of §8', () => {
  it('answers an unknown /api route with 404 NOT_FOUND JSON', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ url: '/api/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorCode: 'NOT_FOUND' });
  });

  it('hides the internals of an unexpected failure behind 500 INTERNAL_SERVER_ERROR', async () => {
    t = await buildTestApp({
      beforeReady: (app) =>
        app.get('/api/test/explode', async () => {
          throw new Error('secret database detail');
        }),
    });
    const response = await t.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorCode: 'INTERNAL_SERVER_ERROR' });
    expect(response.body).not.toContain('secret');
  });

  it('answers 408 REQUEST_TIMEOUT when a handler takes longer than the timeout', async () => {
    t = await buildTestApp({
      requestTimeoutMs: 50,
      beforeReady: (app) =>
        app.get('/api/test/slow', async (_request, reply) => {
          await sleep(300);
          if (!reply.sent) return { late: true };
          return reply;
        }),
    });
    const response = await t.app.inject({ url: '/api/test/slow' });
    expect(response.statusCode).toBe(408);
    expect(response.json()).toEqual({ errorCode: 'REQUEST_TIMEOUT' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('BAD_REQUEST');
  });
});

describe('every response', () => {
  it('carries security headers and is compressed when large', async () => {
    t = await buildTestApp({
      beforeReady: (app) => app.get('/api/test/large', async () => ({ text: '本棚'.repeat(2000) })),
    });
    const response = await t.app.inject({ url: '/api/test/large', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the document headers on pages and only the ones that apply to JSON on the API', async () => {
    t = await buildTestApp({
      beforeReady: (app) => app.get('/test/page', async (_req, reply) => reply.type('text/html').send('<p>本棚</p>')),
    });
    const page = await t.app.inject({ url: '/test/page' });
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const api = await t.app.inject({ url: '/api/common/get_status' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('carries the security headers on answers made before or without a handler', async () => {
    t = await buildTestApp({ authRateLimit: 1 });
    const notFound = await t.app.inject({ url: '/api/no/such/route' });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    const login = { method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.jp', password: 'wrong-password' } } as const;
    await t.app.inject(login);
    const limited = await t.app.inject(login);
    const staleCookie = await t.app.inject({ url: '/api/common/get_status', cookies: { [SESSION_COOKIE]: 'no-such-session' } });
    expect([notFound.statusCode, invalid.statusCode, limited.statusCode, staleCookie.statusCode]).toEqual([404, 400, 429, 200]);
    expect(staleCookie.json().isLogin).toBe(false);
    for (const response of [notFound, invalid, limited, staleCookie]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('logs a failure with its request id: the one the caller sent, else a new one per request', async () => {
    const lines: string[] = [];
    t = await buildTestApp({
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      beforeReady: (app) =>
        app.get('/api/test/explode', async () => {
          throw new Error('boom');
        }),
    });
    await t.app.inject({ url: '/api/test/explode', headers: { 'x-request-id': 'abc-123' } });
    await t.app.inject({ url: '/api/test/explode' });
    await t.app.inject({ url: '/api/test/explode' });
    const ids = lines.map((line) => (JSON.parse(line) as { reqId: string }).reqId);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('abc-123');
    expect(ids[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[2]).not.toBe(ids[1]);
  });
});

describe('rate limits', () => {
  it('answers 429 TOO_MANY_REQUESTS after the login limit', async () => {
    t = await buildTestApp({ authRateLimit: 3 });
    const attempt = () =>
      t!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.jp', password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('limits signup too', async () => {
    t = await buildTestApp({ authRateLimit: 2 });
    const attempt = () => t!.app.inject({ method: 'POST', url: '/api/auth/signup', payload: createMember() });
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});
