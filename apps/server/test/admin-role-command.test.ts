import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { adminClient } from './support/admin-factories';
import { createMember, signUp } from './support/members';
import { type TestDatabase, createTestDatabase } from './support/test-database';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await createTestDatabase({ sqliteFileName: 'hondana.db' });
  app = await buildApp({ database, config: { cookieSecure: false, dataDir: database.dataDir, secrets: { mediaUrlKey: 'k' } }, authRateLimit: 1000 });
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

it('`npm run admin -- role` makes the first operator, and `--role none` takes it back in the open session', async () => {
  const input = createMember();
  const cookie = await signUp(app, input);
  const console = adminClient(app, cookie);
  expect((await console.get('/me')).statusCode).toBe(403);
  const given = await admin(['role', '--email', input.email, '--role', 'operator']);
  expect([given.code, given.output.trim()]).toEqual([0, `${input.email} is now operator`]);
  expect((await console.get('/me')).json()).toMatchObject({ role: 'operator' });
  const bad = await admin(['role', '--email', input.email, '--role', 'admin']);
  expect(bad.code).toBe(1);
  expect(bad.output).toMatch(/--role must be one of operator, support, none/);
  const taken = await admin(['role', '--email', input.email, '--role', 'none']);
  expect(taken.code).toBe(0);
  expect((await console.get('/me')).statusCode).toBe(403);
}, 60_000);
