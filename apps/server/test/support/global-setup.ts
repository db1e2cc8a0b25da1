import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { adminStatement, databaseUrlNamed, testDialect } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated to the latest schema, copied for each test database: a SQLite file, or a PostgreSQL template database's name. */
    migratedTemplate: string;
  }
}

/**
 * Once per run of the server suite: the schema migrated once into a template, which every
 * migrated test database starts as a copy of (a file copy on SQLite, `CREATE DATABASE … TEMPLATE`
 * on PostgreSQL), instead of running the migrations again for each one (1.5 s each on
 * PostgreSQL). `migrations.test.ts` still migrates from nothing. Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hondana-template-'));
    const file = path.join(dir, 'template.db');
    const handle = openDatabase({ sqliteFile: file });
    await migrateToLatest(handle.db);
    // Closing checkpoints the WAL into the file, so the file alone is the whole database.
    await handle.destroy();
    project.provide('migratedTemplate', file);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs DATABASE_URL');
  const name = `hondana_template_${randomBytes(6).toString('hex')}`;
  await adminStatement(baseUrl, `CREATE DATABASE ${name}`);
  const handle = openDatabase({ databaseUrl: databaseUrlNamed(baseUrl, name), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // A template may have no connections while databases are made from it.
    await handle.destroy();
  }
  project.provide('migratedTemplate', name);
  return async () => adminStatement(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
