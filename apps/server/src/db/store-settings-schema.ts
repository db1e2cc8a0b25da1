import type { TableOwners } from './table-owners';
/** Tables of changes every process must see, created by migration 2026-11-25T0900-store-settings. */
type Millis = number;

/** How many times a topic (`catalog`, `settings`) has changed: a cache built at version n is stale at n + 1. */
export interface StoreChangesTable {
  topic: string;
  version: number;
  changed_at: Millis;
}

/** One operator setting (`maintenance_mode`), as text. */
export interface StoreSettingsTable {
  key: string;
  value: string;
  updated_at: Millis;
}

export interface StoreSettingsTables {
  store_changes: StoreChangesTable;
  store_settings: StoreSettingsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const storeSettingsTableOwners = {
  store_changes: 'ops',
  store_settings: 'ops',
} as const satisfies TableOwners<StoreSettingsTables>;
