/** What other areas read of the catalog directly (the rest goes through the catalog's services). */
export { authorsOfTitles } from './books.repository';
