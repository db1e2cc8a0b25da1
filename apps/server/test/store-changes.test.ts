import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { StoreChanges, recordChange } from '../src/ops/store-changes';
import { buildTestApp, type TestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { type TestDatabase, createTestDatabase, testDialect } from './support/test-database';

/** The store's change counters: what one process writes, every other process's caches hear of. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase({ poolSize: 4 });
  cleanups.push(() => db.destroy());
  return db;
}

/** A second handle on the same database, as another process would open it. */
function secondHandle(first: TestDatabase) {
  const handle = first.databaseUrl
    ? openDatabase({ databaseUrl: first.databaseUrl, poolSize: 2 })
    : openDatabase({ sqliteFile: `${first.dataDir}/test.db` });
  cleanups.push(() => handle.destroy());
  return handle;
}

function follower(handle: { db: TestDatabase['db']; connectionString?: string }, pollMs?: number) {
  const changes = new StoreChanges({ db: handle.db, connectionString: handle.connectionString, pollMs });
  cleanups.push(() => changes.stop());
  return changes;
}

/** Resolves with the milliseconds until `topic`'s next change is heard, or rejects after `ms`. */
function nextChange(changes: StoreChanges, topic: 'catalog' | 'settings', ms = 1000): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${topic} change heard within ${ms} ms`)), ms);
    const stop = changes.subscribe(topic, () => {
      clearTimeout(timer);
      stop();
      resolve(Date.now() - started);
    });
  });
}

describe(`store changes (${testDialect})`, () => {
  it("publish tells this process's subscribers before it returns, and only those of the topic", async () => {
    const db = await database();
    const changes = follower(db, 60_000);
    await changes.start();
    const heard: string[] = [];
    changes.subscribe('catalog', () => void heard.push('catalog'));
    changes.subscribe('settings', () => void heard.push('settings'));
    await changes.publish('catalog');
    expect(heard).toEqual(['catalog']);
    await changes.publish('settings');
    await changes.publish('catalog');
    expect(heard).toEqual(['catalog', 'settings', 'catalog']);
  });

  it('a change counted by another process (the import or admin command) is heard within a second', async () => {
    const db = await database();
    const changes = follower(db);
    await changes.start();
    const other = secondHandle(db);
    const heard = nextChange(changes, 'catalog');
    await other.db.transaction().execute((trx) => recordChange(trx, 'catalog'));
    expect(await heard).toBeLessThan(1000);
  });

  it.runIf(testDialect === 'postgres')('on PostgreSQL the NOTIFY is heard at once, without waiting for a poll', async () => {
    const db = await database();
    const changes = follower(db, 60_000); // no poll during the test: only LISTEN can tell it
    await changes.start();
    const heard = nextChange(changes, 'catalog', 500);
    await recordChange(secondHandle(db).db, 'catalog');
    expect(await heard).toBeLessThan(500);
  });

  it('a change rolled back with its write is never heard', async () => {
    const db = await database();
    const changes = follower(db, 50);
    await changes.start();
    let heard = 0;
    changes.subscribe('catalog', () => void (heard += 1));
    await expect(
      db.db.transaction().execute(async (trx) => {
        await recordChange(trx, 'catalog');
        throw new Error('the import failed');
      }),
    ).rejects.toThrow('the import failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await changes.check();
    expect(heard).toBe(0);
  });

  it('a subscriber that fails does not keep the others from hearing', async () => {
    const db = await database();
    const errors: string[] = [];
    const changes = new StoreChanges({ db: db.db, pollMs: 60_000, log: (_e, message) => errors.push(message) });
    cleanups.push(() => changes.stop());
    await changes.start();
    let heard = 0;
    changes.subscribe('catalog', () => Promise.reject(new Error('broken cache')));
    changes.subscribe('catalog', () => void (heard += 1));
    await changes.publish('catalog');
    expect(heard).toBe(1);
    expect(errors).toEqual(['a store change subscriber failed']);
  });
});

describe(`catalog caches follow the change counter (${testDialect})`, () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('a price changed by another process shows in the volume detail within a second, not after the cache TTL', async () => {
    t = await buildTestApp();
    const { db } = t.database;
    const bookId = await insertBook(db, await insertTitle(db), 1, { price: 550 });
    const price = async () => (await t.app.inject({ method: 'GET', url: `/api/books/v3/${bookId}` })).json().price as number;
    expect(await price()).toBe(550);
    const other = secondHandle(t.database);
    await other.db.transaction().execute(async (trx) => {
      await trx.updateTable('books').set({ price: 880 }).where('id', '=', bookId).execute();
      await recordChange(trx, 'catalog');
    });
    const deadline = Date.now() + 1000;
    let seen = await price();
    while (seen !== 880 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await price();
    }
    expect(seen).toBe(880);
  });

  it('without a counted change the kept price is served (the cache is real)', async () => {
    t = await buildTestApp();
    const { db } = t.database;
    const bookId = await insertBook(db, await insertTitle(db), 1, { price: 550 });
    const price = async () => (await t.app.inject({ method: 'GET', url: `/api/books/v3/${bookId}` })).json().price as number;
    expect(await price()).toBe(550);
    await db.updateTable('books').set({ price: 880 }).where('id', '=', bookId).execute();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await price()).toBe(550);
    await t.app.deps.changes.publish('catalog');
    expect(await price()).toBe(880);
  });
});
