/**
 * Request parameters every area's schemas share: ids and id lists, paging, the §6 adult flag,
 * 0/1 flags as forms send them and one-time tokens.
 */
import { z } from 'zod';
import { rowId } from './ids';

/** Ids are PostgreSQL `integer`s: at most nine digits keeps every listed id in range. */
const ID_LIST_PATTERN = /^\d{1,9}(,\d{1,9})*$/;
/** Most ids one list call accepts (§5 guest cart: 100). */
export const MAX_IDS_PER_CALL = 100;
/** Largest `limit` of a paged call (limit over 100 is a bad request). */
const MAX_PAGE_LIMIT = 100;

/** A path, query, form or JSON id: the shared row id (`ids.ts`), digits or a JSON number. */
export const idParam = rowId;

/** A comma-separated list of ids (`book_id=1,2,3`), duplicates dropped, order kept. */
export const idListParam = z
  .string()
  .regex(ID_LIST_PATTERN, 'must be non-negative integer ids separated by commas')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_IDS_PER_CALL, `must list at most ${MAX_IDS_PER_CALL} ids`);

/** The adult flag of §6: 0 (none, the default) or 1 (adult). */
export const acParam = z
  .enum(['0', '1'], { message: 'must be 0 or 1' })
  .default('0')
  .transform((v) => (v === '1' ? 1 : 0));

/** Paging: `offset` from 0, `limit` from 1 to MAX_PAGE_LIMIT with the call's own default. */
export const offsetParam = z.coerce.number({ message: 'must be a number' }).int().min(0).default(0);
export const limitParam = (fallback: number) =>
  z.coerce.number({ message: 'must be a number' }).int().min(1).max(MAX_PAGE_LIMIT).default(fallback);

/** A 0/1 flag as forms send it ('0', '1', 'true', 'false'). */
export const flagParam = z
  .union([z.enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' }), z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === '1' || v === 'true' || v === true || v === 1);

/** A one-time token (§7 create_token), as every mutation sends it. */
export const tokenParam = z.string({ message: 'is required' }).min(1, 'is required').max(200);
