import type { UserStatus } from '@hondana/domain/accounts/accounts-api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type StoreChanges, recordChange } from './store-changes';
import { readSetting, writeSetting } from './store-changes.repository';

/** §4 maintenance modes, as get_status reports them (§3 User status `maintenanceMode`). */
export type MaintenanceMode = UserStatus['maintenanceMode'];
export const MAINTENANCE_MODES: readonly MaintenanceMode[] = ['normal', 'deca', 'all', 'coin', 'pay'];

const KEY = 'maintenance_mode';

export const isMaintenanceMode = (value: unknown): value is MaintenanceMode => MAINTENANCE_MODES.includes(value as MaintenanceMode);

/** Stores the mode and counts a `settings` change in one transaction: every process follows within a second. */
export async function setMaintenanceMode(db: Kysely<Database>, mode: MaintenanceMode, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, KEY, mode, now);
    await recordChange(trx, 'settings', now);
  });
}

export async function readMaintenanceMode(db: Kysely<Database>): Promise<MaintenanceMode> {
  const value = await readSetting(db, KEY);
  return isMaintenanceMode(value) ? value : 'normal';
}

/**
 * This process's copy of the operator's maintenance mode: read at start and again whenever the
 * `settings` topic changes, so the request path reads a field, never the database.
 */
export class MaintenanceState {
  #mode: MaintenanceMode = 'normal';

  constructor(private readonly db: Kysely<Database>) {}

  get mode(): MaintenanceMode {
    return this.#mode;
  }

  async load(): Promise<void> {
    this.#mode = await readMaintenanceMode(this.db);
  }

  follow(changes: StoreChanges): () => void {
    return changes.subscribe('settings', () => this.load());
  }

  /** Sets the mode in the store (every process) and in this process before returning. */
  async set(mode: MaintenanceMode, changes: StoreChanges): Promise<void> {
    await setMaintenanceMode(this.db, mode);
    await changes.check();
  }
}
