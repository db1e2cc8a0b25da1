import { z } from 'zod';

/**
 * Row ids of every table are PostgreSQL `integer`s (int4; SQLite accepts the same range): an id
 * past 2^31−1 is a bad request naming the field, never a query that fails on PostgreSQL.
 */
export const MAX_ROW_ID = 2_147_483_647;

const rangeMessage = `must be a positive integer id (1 to ${MAX_ROW_ID})`;

/**
 * One row id, wherever it comes from: digits in a path, a query or a form, or a JSON number
 * (the spec's JSON fields are numbers). Anything else, 0, or past the column's range: 400.
 */
export const rowId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, rangeMessage)], {
    error: (issue) => (issue.input === undefined ? 'is required' : rangeMessage),
  })
  .transform(Number)
  .pipe(z.number().int(rangeMessage).min(1, rangeMessage).max(MAX_ROW_ID, rangeMessage));

/** A JSON-only body's id: a number (a string is refused), in the same range. */
export const jsonRowId = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
  .int(rangeMessage)
  .min(1, rangeMessage)
  .max(MAX_ROW_ID, rangeMessage);
