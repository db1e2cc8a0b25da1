/**
 * The console's rules across the fields of the non-login appeals: checked on a new one (the create body's
 * refinement in `admin-non-login-appeals-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import type { NonLoginAppealFields } from './admin-non-login-appeals-api';

export function checkNonLoginAppeal(a: NonLoginAppealFields, ctx: z.RefinementCtx) {
  if (a.end <= a.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
}
