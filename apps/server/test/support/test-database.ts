import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogConfig } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
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
  /** Kysely's log hook on the app's database (`request-cost.ts` counts statements with it). */
  log?: LogConfig;
}

/**
 * A fresh database, migrated unless told not to: a temp SQLite file, or a new PostgreSQL database
 * that is dropped after. A migrated one is a copy of the run's migrated template (`global-setup.ts`).
 */
export async function createTestDatabase({
  sqliteFileName = 'test.db',
  poolSize = 12,
  migrate = true,
  log,
}: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-test-'));
  const template = migrate ? migratedTemplate() : undefined;
  if (testDialect === 'sqlite') {
    const file = path.join(dataDir, sqliteFileName);
    if (template) copyFileSync(template, file);
    const handle = openDatabase({ sqliteFile: file, log });
    if (migrate && !template) await migrateToLatest(handle.db);
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
  await adminStatement(baseUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrlNamed(baseUrl, name);
  const handle = openDatabase({ databaseUrl: url, poolSize, log });
  if (migrate && !template) await migrateToLatest(handle.db);
  return {
    ...handle,
    dataDir,
    databaseUrl: url,
    destroy: async () => {
      await handle.destroy();
      await adminStatement(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's migrated template; none outside a vitest run of the server project (then each database is migrated). */
function migratedTemplate(): string | undefined {
  try {
    return inject('migratedTemplate');
  } catch {
    return undefined;
  }
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrlNamed(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance connection (CREATE and DROP DATABASE). */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
