/**
 * The console's rules across the fields of the pre-order bonuses: checked on a new one (the create body's
 * refinement in `admin-pre-order-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import type { PreOrderBonusFields } from './admin-pre-order-api';

/** A bonus's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkPreOrderBonus(b: PreOrderBonusFields, ctx: z.RefinementCtx) {
  if (b.end <= b.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  if (b.points === 0 && b.rate === 0) ctx.addIssue({ code: 'custom', path: ['points'], message: 'must give points or a rate' });
}
