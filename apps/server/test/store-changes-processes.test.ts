import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/ops/store-changes';
import { insertBook, insertTitle } from './support/catalog-factories';
import { comicInfo, pageImage, writeZip } from './support/import-fixtures';
import { createMember } from './support/members';
import { type ProcessDatabase, type ServerProcess, client, createProcessDatabase, startServer } from './support/server-processes';
import { testDialect } from './support/test-database';

/**
 * Two store processes (`main.ts`) on one database, each keeping the catalog in its caches: a
 * change written elsewhere (another process, `npm run import`, `npm run admin`) shows in both
 * within a second, as the store's change counters tell them (PostgreSQL NOTIFY, SQLite polling).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
let dir: string;
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hondana-changes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.destroy();
  database = null;
});

async function twoProcesses() {
  database = await createProcessDatabase();
  const { db } = database.handle;
  const titleId = await insertTitle(db, { name: '変更の伝わる作品' }); // a catalog exists: no demo generation at start
  const bookId = await insertBook(db, titleId, 1, { price: 550 });
  const started = await Promise.all([startServer(database.env), startServer(database.env)]);
  servers.push(...started);
  return { db, titleId, bookId, urls: started.map((s) => s.url) };
}

async function json(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  return (await response.json()) as Record<string, unknown>;
}

/** Milliseconds until `read` gives `expected` at every url, polling; fails past `deadlineMs`. */
async function seenEverywhere(
  urls: string[],
  read: (url: string) => Promise<unknown>,
  expected: unknown,
  deadlineMs = 1000,
): Promise<number> {
  const started = Date.now();
  const pending = new Set(urls);
  const last = new Map<string, unknown>();
  while (pending.size > 0) {
    for (const url of [...pending]) {
      const value = await read(url);
      last.set(url, value);
      if (value === expected) pending.delete(url);
    }
    if (pending.size === 0) break;
    if (Date.now() - started > deadlineMs)
      throw new Error(`after ${deadlineMs} ms: ${JSON.stringify([...last])}, expected ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const commandEnv = () => ({ ...process.env, ...database!.env, TEST_DIALECT: '' });

describe(`two store processes on one ${testDialect} database`, () => {
  it('a price changed by another writer shows in both processes within a second', async () => {
    const { db, bookId, urls } = await twoProcesses();
    const price = (url: string) => json(`${url}/api/books/${bookId}`).then((b) => b.price);
    expect(await Promise.all(urls.map(price))).toEqual([550, 550]); // both now keep the title's rows
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ price: 880 }).where('id', '=', bookId).execute();
      await recordChange(trx, 'catalog');
    });
    expect(await seenEverywhere(urls, price, 880)).toBeLessThan(1000);
  }, 120_000);

  it('a volume imported with `npm run import` appears in both processes within a second', async () => {
    const { titleId, urls } = await twoProcesses();
    const latest = (url: string) => json(`${url}/api/titles/${titleId}`).then((t) => t.maxVol);
    expect(await Promise.all(urls.map(latest))).toEqual([1, 1]);
    const file = await writeZip(path.join(dir, `vol2-${testDialect}.cbz`), [
      { name: 'ComicInfo.xml', data: comicInfo({ Series: '変更の伝わる作品', Number: 2, Manga: 'YesAndRightToLeft' }) },
      { name: '1.jpg', data: await pageImage(80, 120, { r: 200, g: 40, b: 40 }) },
    ]);
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/import-command.ts',
        '--json',
        '--publish',
        '--price',
        '440',
        '--title-id',
        String(titleId),
        file,
      ],
      { cwd: ROOT, env: commandEnv() },
    );
    expect(await seenEverywhere(urls, latest, 2)).toBeLessThan(1000);
  }, 120_000);

  it('`npm run admin -- maintenance --mode coin` reaches both processes within a second; normal opens them again', async () => {
    const { urls } = await twoProcesses();
    const mode = (url: string) => json(`${url}/api/common/get_status`).then((s) => s.maintenanceMode);
    expect(await Promise.all(urls.map(mode))).toEqual(['normal', 'normal']);
    const admin = (m: string) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', 'maintenance', '--mode', m], { cwd: ROOT, env: commandEnv() });
    const { stdout } = await admin('coin');
    expect(stdout).toContain('maintenance mode set to coin');
    expect(await seenEverywhere(urls, mode, 'coin')).toBeLessThan(1000);
    // A member's coin pack purchase on the other process is refused.
    const api = client(`${urls[0]}/api`);
    expect((await api.post('/auth/signup', createMember())).status).toBe(200);
    const items = (await api.get('/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop')).json.items as { id: number }[];
    const other = api.at(`${urls[1]}/api`);
    const token = (await other.get('/manga_coin/purchase/create_token')).json.status!.token!;
    const { cardId } = (await client(urls[1]!).post('/sandbox/cards', { number: SandboxTestCard.SUCCESS, expiry: '12/39', cvc: '123' }))
      .json as { cardId: string };
    const refused = await other.post(`/manga_coin/purchase?token=${token}`, { itemId: items[0]!.id, paymentType: 'creditcard', cardId });
    expect(refused).toMatchObject({ status: 503, json: { errorCode: 'PAYMENT_MAINTENANCE' } });
    await admin('normal');
    expect(await seenEverywhere(urls, mode, 'normal')).toBeLessThan(1000);
  }, 120_000);
});
