import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { appliedMigrations } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import { type ServerProcess, client, startServer } from './support/server-processes';
import { type TestDatabase, createTestDatabase, testDialect } from './support/test-database';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.destroy();
  database = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs a TypeScript entry of the server (as its npm script does) and resolves with its exit code and output. */
function runEntry(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file), ...args], {
      cwd: ROOT,
      env: { ...process.env, TEST_DIALECT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const envOf = (db: TestDatabase) => ({ DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' });

describe('npm run migrate', () => {
  it('applies what is pending (two at once apply it once), says when the schema is up to date, and refuses a newer schema', async () => {
    database = await createTestDatabase({ sqliteFileName: 'hondana.db', migrate: false });
    const env = envOf(database);
    const runs = await Promise.all([
      runEntry('apps/server/src/ops/migrate-command.ts', [], env),
      runEntry('apps/server/src/ops/migrate-command.ts', [], env),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.map((r) => r.output).join('')).toMatch(/applied \d+ migration/);
    expect(await appliedMigrations(database.db)).toEqual(Object.keys(migrations));
    const again = await runEntry('apps/server/src/ops/migrate-command.ts', [], env);
    expect([again.code, again.output.trim()]).toEqual([0, expect.stringMatching(/the schema is up to date$/)]);

    await sql`insert into kysely_migration (name, timestamp) values (${'2099-01-01T0000-future'}, ${new Date().toISOString()})`.execute(
      database.db,
    );
    const refused = await runEntry('apps/server/src/ops/migrate-command.ts', [], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/schema is newer than this code.*2099-01-01T0000-future/);
    // The store refuses to serve it too.
    const start = await runEntry('apps/server/src/main.ts', [], { ...env, PORT: '0', HOST: '127.0.0.1', HONDANA_WEB: 'false' });
    expect(start.code).toBe(1);
    expect(start.output).toMatch(/schema is newer than this code/);
  }, 120_000);
});

describe.skipIf(testDialect !== 'sqlite')('npm run admin -- backup PATH', () => {
  it('copies the database while the store serves and writes; the copy, restored into a data folder, is served with everything in it', async () => {
    database = await createTestDatabase({ sqliteFileName: 'hondana.db' });
    await insertTitle(database.db);
    const server = await startServer(envOf(database));
    servers.push(server);
    const api = client(`${server.url}/api`);
    const first = createMember();
    expect((await api.post('/auth/signup', first)).status).toBe(200);

    const out = mkdtempSync(path.join(tmpdir(), 'hondana-backup-'));
    dirs.push(out);
    const target = path.join(out, 'copy.db');
    let writing = true;
    const writes = (async () => {
      let n = 0;
      // Signups are limited to 10 a minute per address: the first ten write, the rest answer 429.
      while (writing && n < 30) {
        await client(`${server.url}/api`).post('/auth/signup', createMember());
        n += 1;
      }
      return n;
    })();
    const backup = await runEntry('apps/server/src/admin.ts', ['backup', target], envOf(database));
    writing = false;
    await writes;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/backed up .*hondana\.db to .*copy\.db/);
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect((await runEntry('apps/server/src/admin.ts', ['backup', target], envOf(database))).output).toMatch(/exists/);

    // Restore: the copy becomes the data folder's hondana.db, and a store serves it.
    const restored = mkdtempSync(path.join(tmpdir(), 'hondana-restored-'));
    dirs.push(restored);
    copyFileSync(target, path.join(restored, 'hondana.db'));
    const copy = openDatabase({ sqliteFile: path.join(restored, 'hondana.db') });
    const users = await copy.db.selectFrom('users').select('email').execute();
    await copy.destroy();
    expect(users.map((u) => u.email)).toContain(first.email);
    const again = await startServer({ DATA_DIR: restored, DATABASE_URL: '' });
    servers.push(again);
    const login = await client(`${again.url}/api`).post('/auth/login', { email: first.email, password: first.password });
    expect(login.status).toBe(200);
  }, 240_000);
});

describe.skipIf(testDialect !== 'postgres')('npm run admin -- backup on PostgreSQL', () => {
  it('points to pg_dump', async () => {
    database = await createTestDatabase();
    const result = await runEntry('apps/server/src/admin.ts', ['backup', '/tmp/never.db'], envOf(database));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/pg_dump/);
  }, 60_000);
});
