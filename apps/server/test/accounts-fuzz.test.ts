import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { signUp } from './support/members';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimit: 1_000_000 });
  cookie = await signUp(t.app);
});
afterAll(() => t.close());

const endpoints = [
  { method: 'POST', url: '/api/auth/signup' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'GET', url: '/api/common/get_status' },
  { method: 'GET', url: '/api/common/get_time' },
  { method: 'GET', url: '/api/common/is_valid_login_session' },
  { method: 'GET', url: '/api/user/get_profile' },
  { method: 'POST', url: '/api/user/mod_profile' },
  { method: 'GET', url: '/api/user/withdrawal' },
  { method: 'GET', url: '/api/user/create_token' },
  { method: 'GET', url: '/api/adult/check' },
] as const;

const anyJson = fc.oneof(
  fc.json(),
  fc
    .dictionary(
      fc.constantFrom('email', 'password', 'nickname', 'birth_date', 'name', 'profile', 'image_flg', 'token', '__proto__'),
      fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string()), fc.string({ unit: 'binary' })),
    )
    .map((o) => JSON.stringify(o)),
  fc.string(),
);

it('never answers an accounts endpoint with a 500 or a body outside the §8 shape', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      anyJson,
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
      fc.string({ maxLength: 40 }),
      fc.boolean(),
      async (endpoint, payload, contentType, query, withSession) => {
        // Withdrawal and logout would end the shared session: fuzz them without one.
        const ends = endpoint.url === '/api/user/withdrawal' || endpoint.url === '/api/auth/logout';
        const session = withSession && !ends ? { cookie } : {};
        const response = await t.app.inject({
          method: endpoint.method,
          url: `${endpoint.url}?token=${encodeURIComponent(query)}&callback=${encodeURIComponent(query)}`,
          headers: { 'content-type': contentType, ...session },
          payload: endpoint.method === 'POST' ? payload : undefined,
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = response.json();
          expect(typeof body.errorCode).toBe('string');
          expect(Object.keys(body).every((k) => k === 'errorCode' || k === 'messages')).toBe(true);
        }
      },
    ),
    { numRuns: 300 },
  );
});
