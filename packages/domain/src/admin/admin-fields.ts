/**
 * Field kinds every console editor's schemas share (the `admin-*-api.ts` files build their
 * request schemas from them, as the store's calls build theirs from `common/params.ts`): a
 * token, a version, bounded text and counts, a row id and an Asia/Tokyo `YYYY-MM-DDTHH:mm` time.
 */
import { z } from 'zod';
import { tokyoMinuteToInstant } from '../common/time';

export const token = z.string({ message: 'is required' }).min(1, 'is required').max(200);
export const version = z.number({ message: 'is required' }).int().min(0);
export const text = (max: number) => z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`);
export const count = (max: number) =>
  z
    .number({ message: 'must be a non-negative integer' })
    .int('must be a non-negative integer')
    .min(0, 'must be a non-negative integer')
    .max(max, 'is too large');
export const refId = z
  .number({ message: 'must be an id' })
  .int('must be an id')
  .min(1, 'must be an id')
  .max(2_147_483_647, 'must be an id');
export const tokyoTime = z.string({ message: 'must be a date and time' }).transform((value, ctx) => {
  const instant = tokyoMinuteToInstant(value);
  if (instant === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)',
    });
    return z.NEVER;
  }
  return instant;
});
