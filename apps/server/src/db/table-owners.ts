/**
 * Issue 43's tables with owners: each table of `Database` has one owning area, the one that
 * writes it, declared beside the table in its `db/*-schema.ts` (`…TableOwners`). Another area's
 * repository names it only as a listed read view (`TABLE_ALLOWANCES` in scripts/table-owners.mjs,
 * each with its reason); apps/server/test/table-owners.test.ts fails on any other use.
 */
type ServerArea =
  | 'accounts'
  | 'admin'
  | 'bookshelf'
  | 'campaigns'
  | 'cart'
  | 'catalog'
  | 'import'
  | 'invitations'
  | 'ledger'
  | 'mail'
  | 'notices'
  | 'ops'
  | 'orders'
  | 'payments'
  | 'push'
  | 'reading'
  | 'reviews'
  | 'serials'
  | 'tokens'
  | 'tracking'
  | 'wallet';

/** One owner for every table of `Tables` (a table missing or unknown does not compile). */
export type TableOwners<Tables> = { readonly [Table in keyof Tables]: ServerArea };
