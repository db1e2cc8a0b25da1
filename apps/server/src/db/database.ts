import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Driver, Kysely, type LogConfig, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's connection pool (its counts feed the metrics); absent on SQLite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** PostgreSQL's URL, for a connection of its own (LISTEN, `ops/store-changes.ts`); absent on SQLite. */
  connectionString?: string;
  destroy(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds and counts: all well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` for a throwaway database. */
  sqliteFile?: string;
  dataDir?: string;
  poolSize?: number;
  /** Kysely's log hook: told of every statement run, prepared ones, BEGIN and COMMIT included (the tests' statement budgets). */
  log?: LogConfig;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(options.log ? { log: options.log } : {}) });
    return { db, dialect: 'postgres', pool, connectionString: options.databaseUrl, destroy: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir ?? './data', 'hondana.db');
  // better-sqlite3 is a native addon built for one Node ABI; BETTER_SQLITE3_BINDING names a build
  // for another Node (CI runs the tests a second time on Node 24 with one).
  const nativeBinding = process.env.BETTER_SQLITE3_BINDING;
  const sqlite = new SQLite(file, nativeBinding ? { nativeBinding } : {});
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    ...(options.log ? { log: options.log } : {}),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * SQLite transactions begin IMMEDIATE: they take the database's write lock at the start, waiting
 * for it up to busy_timeout. A deferred transaction (Kysely's `begin`) reads first and asks for the
 * lock at its first write; if another process (a second store process, `npm run import`, the
 * admin command) wrote in between, SQLite refuses at once with "database is locked" whatever the
 * timeout, and an import run beside the store failed so (seen in CI). Inside one process Kysely
 * already runs one transaction at a time on its one connection, so nothing waits longer there.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * Kysely prepares every query anew; SQLite can reuse a prepared statement (and re-prepares it
 * itself after a schema change), so the most recently used statements are kept by their SQL.
 * Safe because Kysely runs one query at a time on the connection.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
