import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

/** The dialect this run of the server suite uses (scripts/test-server.mjs sets it). */
export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  dataDir: string;
  /** The PostgreSQL database's URL; undefined on SQLite. */
  databaseUrl?: string;
}

export interface TestDatabaseOptions {
  /** The SQLite file's name in the data folder (`hondana.db` is the one a server process opens). */
  sqliteFileName?: string;
  poolSize?: number;
  /** Leave the database empty instead of migrating it to the latest schema. */
  migrate?: boolean;
}

/** A fresh database, migrated unless told not to: a temp SQLite file, or a new PostgreSQL database that is dropped after. */
export async function createTestDatabase({ sqliteFileName = 'test.db', poolSize = 12, migrate = true }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-test-'));
  if (testDialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: path.join(dataDir, sqliteFileName) });
    if (migrate) await migrateToLatest(handle.db);
    return {
      ...handle,
      dataDir,
      destroy: async () => {
        await handle.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs DATABASE_URL');
  const name = `hondana_test_${randomBytes(6).toString('hex')}`;
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), poolSize });
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    dataDir,
    databaseUrl: url.toString(),
    destroy: async () => {
      await handle.destroy();
      await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
