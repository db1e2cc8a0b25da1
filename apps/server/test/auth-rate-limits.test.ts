import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseTrustProxy } from '../src/config';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember, signUp } from './support/members';

let t: TestApp | undefined;
const extra: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((app) => app.close()));
  await t?.close();
  t = undefined;
});

const login = (app: FastifyInstance, email: string, options: { forwardedFor?: string; password?: string; remoteAddress?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: options.password ?? 'wrong-password' },
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

describe('login and signup limits (10 a minute per address and per account, in the database)', () => {
  it('a different X-Forwarded-For on every attempt does not reset the limit when no proxy is trusted', async () => {
    t = await buildTestApp({ authRateLimit: 10 });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(t.app, `victim${i}@example.jp`, { forwardedFor: `203.0.113.${i}` })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('behind a trusted proxy the forwarded address counts, and one account tried from many addresses runs out too', async () => {
    let now = Date.UTC(2026, 10, 25, 3);
    t = await buildTestApp({
      authRateLimit: 10,
      clock: () => new Date(now),
      config: { cookieSecure: false, secrets: { mediaUrlKey: 'k' }, trustProxy: parseTrustProxy('127.0.0.1') },
    });
    // Ten addresses, one account each: the addresses are separate budgets.
    for (let i = 0; i < 10; i++) expect((await login(t.app, `a${i}@example.jp`, { forwardedFor: `203.0.113.${i}` })).statusCode).toBe(401);
    expect((await login(t.app, 'fresh@example.jp', { forwardedFor: '203.0.113.200' })).statusCode).toBe(401);
    // One account from ten more addresses: its own budget runs out.
    for (let i = 0; i < 9; i++) expect((await login(t.app, 'target@example.jp', { forwardedFor: `198.51.100.${i}` })).statusCode).toBe(401);
    expect((await login(t.app, 'target@example.jp', { forwardedFor: '198.51.100.99' })).statusCode).toBe(401);
    const refused = await login(t.app, 'target@example.jp', { forwardedFor: '198.51.100.100' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The window slides: a minute later the account may try again.
    now += 60_001;
    expect((await login(t.app, 'target@example.jp', { forwardedFor: '198.51.100.100' })).statusCode).toBe(401);
  });

  it('a forwarded address from a client that is not a trusted proxy is ignored', async () => {
    t = await buildTestApp({
      authRateLimit: 2,
      config: { cookieSecure: false, secrets: { mediaUrlKey: 'k' }, trustProxy: parseTrustProxy('10.0.0.0/8') },
    });
    const from = { remoteAddress: '192.0.2.7' };
    expect((await login(t.app, 'x1@example.jp', { ...from, forwardedFor: '203.0.113.1' })).statusCode).toBe(401);
    expect((await login(t.app, 'x2@example.jp', { ...from, forwardedFor: '203.0.113.2' })).statusCode).toBe(401);
    expect((await login(t.app, 'x3@example.jp', { ...from, forwardedFor: '203.0.113.3' })).statusCode).toBe(429);
  });

  it('a successful login does not use up its account, and a member still gets in after strangers failed on another address', async () => {
    t = await buildTestApp({ authRateLimit: 3, config: { cookieSecure: false, secrets: { mediaUrlKey: 'k' }, trustProxy: ['127.0.0.1'] } });
    const member = createMember();
    await signUp(t.app, member);
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, member.email, { password: member.password, forwardedFor: `203.0.113.${i}` })).statusCode).toBe(200);
    }
  });

  it('16 parallel failed logins on one account are allowed exactly 10 times', async () => {
    t = await buildTestApp({
      authRateLimit: 10,
      config: { cookieSecure: false, secrets: { mediaUrlKey: 'k' }, trustProxy: ['127.0.0.1'] },
    });
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(t!.app, 'parallel@example.jp', { forwardedFor: `203.0.113.${i}` })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('two app instances on one database share the budget: the 11th failed login, alternating, is refused', async () => {
    t = await buildTestApp({ authRateLimit: 10 });
    const second = await buildApp({
      database: t.database,
      config: { cookieSecure: false, dataDir: t.database.dataDir, secrets: { mediaUrlKey: 'test-media-key' } },
      authRateLimit: 10,
    });
    extra.push(second);
    const apps = [t.app, second];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(apps[i % 2]!, 'shared@example.jp')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('limits signup per address and per email too', async () => {
    t = await buildTestApp({ authRateLimit: 2 });
    const attempt = () => t!.app.inject({ method: 'POST', url: '/api/auth/signup', payload: createMember() });
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDR ranges and proxy-addr names, and refuses trusting every client', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY must list/);
    expect(() => parseTrustProxy('2')).not.toThrow(); // a bare "2" reads as an address, not a hop count
  });
});
