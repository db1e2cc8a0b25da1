import type { Migration } from 'kysely';
import * as accounts from './2026-11-22T0100-accounts';
import * as catalog from './2026-11-22T0200-catalog';

/** Every migration, in order. Landed migrations are frozen: add a new file instead of editing one. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0100-accounts': accounts,
  '2026-11-22T0200-catalog': catalog,
};
