/**
 * The catalog's writes of `titles` and `books` for the areas that make or edit them (the import,
 * the console, and reviews' rating through `app.ts`): issue 43's one owner of each table. Their
 * statements are `catalog-writes.repository.ts`.
 */
export {
  bumpBookMediaAt,
  creditImportedAuthors,
  replaceCredits,
  insertImportedBook,
  insertImportedTitle,
  insertTitle,
  lockTitle,
  moveTitleRating,
  touchTitle,
  updateBookAt,
  updateBookContent,
  updateBookFile,
  updateTitleAt,
} from './catalog-writes.repository';
export type { BookColumns, BookContent, ImportedTitle, NewBookListing, TitleColumns } from './catalog-writes.repository';
