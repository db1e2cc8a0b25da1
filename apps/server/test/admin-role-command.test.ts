import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { generate } from 'otplib';
import { adminClient, signIn } from './support/admin-factories';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { type TestDatabase, createTestDatabase } from './support/test-database';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await createTestDatabase({ sqliteFileName: 'hondana.db' });
  app = await buildApp({
    database,
    config: { cookieSecure: false, dataDir: database.dataDir, secrets: { mediaUrlKey: 'k' } },
    authRateLimit: 1000,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

function admin(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, TEST_DIALECT: '', DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

it('`npm run admin -- role` makes the first operator and `--role none` takes it back; each change ends the open sessions (ASVS: a new session at a privilege change)', async () => {
  const input = createMember();
  const cookie = await signUp(app, input);
  const console = adminClient(app, cookie);
  expect((await console.get('/me')).statusCode).toBe(403);
  const given = await admin(['role', '--email', input.email, '--role', 'operator']);
  expect([given.code, given.output.trim().split('\n')]).toEqual([
    0,
    [
      `${input.email} is now operator`,
      'their open sessions were ended: the new role takes effect when they sign in again',
      `before the console opens, they enrol a second factor at http://localhost:3000/admin/second-factor (or: npm run admin -- totp --email ${input.email})`,
    ],
  ]);
  // The session signed in before the grant is over: the old cookie is nobody's.
  expect((await console.get('/me')).statusCode).toBe(401);
  expect(
    (await app.inject({ url: '/api/common/get_status', headers: { cookie } })).json<{ userId: number | null }>().userId ?? null,
  ).toBeNull();
  const fresh = adminClient(app, await signIn(app, input));
  expect((await fresh.get('/me')).json()).toMatchObject({ role: 'operator' });
  const bad = await admin(['role', '--email', input.email, '--role', 'admin']);
  expect(bad.code).toBe(1);
  expect(bad.output).toMatch(/--role must be one of operator, support, none/);
  const taken = await admin(['role', '--email', input.email, '--role', 'none']);
  expect(taken.code).toBe(0);
  expect((await fresh.get('/me')).statusCode).toBe(401);
  expect((await adminClient(app, await signIn(app, input)).get('/me')).statusCode).toBe(403);
}, 60_000);

it("`npm run admin -- totp EMAIL` enrols a staff member's authenticator and prints its secret and recovery codes once; the console takes its code", async () => {
  const input = createMember();
  await signUp(app, input);
  const refused = await admin(['totp', input.email]);
  expect([refused.code, refused.output]).toEqual([1, expect.stringMatching(/has no console role/)]);
  expect((await admin(['role', '--email', input.email, '--role', 'support'])).code).toBe(0);
  const before = await signIn(app, input);
  const enrolled = await admin(['totp', input.email]);
  expect(enrolled.code, enrolled.output).toBe(0);
  const secret = /secret \(base32, shown this once\): ([A-Z2-7]+)/.exec(enrolled.output)?.[1];
  const recovery = /recovery codes \(single use, shown this once\): (.+)/.exec(enrolled.output)?.[1]?.split(' ');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(recovery).toHaveLength(10);
  // A new authenticator ends the member's sessions, as a role change does: the console is signed into again.
  expect(enrolled.output).toMatch(/their open sessions were ended/);
  expect((await adminClient(app, before).get('/members?q=a')).statusCode).toBe(401);
  const console = adminClient(app, await signIn(app, input));
  expect((await console.get('/members?q=a')).json()).toEqual({ errorCode: 'SECOND_FACTOR_REQUIRED' });
  expect((await console.get('/second_factor')).json()).toMatchObject({ enrolled: true, checked: false });
  const checked = await console.send('POST', '/second_factor', { code: await generate({ secret: secret! }) });
  expect(checked.json()).toEqual({ method: 'totp', recoveryCodesLeft: 10 });
  // The check gave the session a new id: the cookie it was sent with is ended.
  expect((await console.get('/members?q=a')).statusCode).toBe(401);
  expect((await adminClient(app, sessionCookieOf(checked.headers['set-cookie'])).get('/members?q=a')).statusCode).toBe(200);
}, 60_000);
