import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Migrations run on SQLite and PostgreSQL; the few type differences live here. */
export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds: int8 on PostgreSQL (parsed back to number), integer on SQLite. */
export const millis = 'bigint' as const;

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
