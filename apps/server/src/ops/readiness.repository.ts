import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** The smallest statement the database must answer (the readiness probe's). */
export async function selectOne(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
