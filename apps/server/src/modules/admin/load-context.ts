import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findRole } from './staff.repository';

/** The operator console's section of the pages' context: the viewer's role (null for none); the console's data comes from /api/admin. */
export interface AdminPageContext {
  role(): Promise<'operator' | 'support' | null>;
}

/** The console section of the pages' context: the viewer's role, read on every page as the API does. */
export function adminContext(db: Kysely<Database>, userId: number | null): AdminPageContext {
  return { role: async () => (userId === null ? null : findRole(db, userId)) };
}
