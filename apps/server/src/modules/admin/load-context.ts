import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoreLoadContext } from '../../web/load-context';
import { findRole } from './staff.repository';

/** The console section of the pages' context: the viewer's role, read on every page as the API does. */
export function adminContext(db: Kysely<Database>, userId: number | null): StoreLoadContext['admin'] {
  return { role: async () => (userId === null ? null : findRole(db, userId)) };
}
