/** What other areas read of the catalog directly (the rest goes through the catalog's services). */
export { authorsOfTitles } from './books.repository';
/** Drops this process's cached catalog rows of `db` (after an operator's change). */
export { invalidateCatalogCache } from './titles.repository';
