import { sentFields } from '@hondana/domain/admin/admin-edits';

/** How each field of an editor is written: the columns it sets (a field may set several, as a price sets its tax). */
export type ColumnWriters<F, C> = { [K in keyof F]-?: (value: F[K]) => Partial<C> };

/**
 * The columns of the fields a request sent, and only those: a field it did not send sets no
 * column, so the row keeps what it holds (`admin-edits.ts`). A create passes every field.
 */
export function columnsOf<F extends object, C extends object>(fields: Partial<F>, write: ColumnWriters<F, C>): Partial<C> {
  const columns: Partial<C> = {};
  for (const key of sentFields(fields)) Object.assign(columns, write[key](fields[key] as F[typeof key]));
  return columns;
}
