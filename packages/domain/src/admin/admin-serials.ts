/**
 * The console's rules across the fields of the serials' episodes: checked on a new one (the create body's
 * refinement in `admin-serials-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import { SpendType } from '../serials/serials';
import type { EpisodeFields } from './admin-serials-api';

/** Free is price 0, a ticket or coin episode costs at least 1; distribution ends after it starts. */
export function episodeRules(e: Pick<EpisodeFields, 'price' | 'spendType' | 'releaseAt' | 'endAt'>, ctx: z.RefinementCtx) {
  if (e.spendType === SpendType.FREE && e.price !== 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'must be 0 for a free episode' });
  if (e.spendType !== SpendType.FREE && e.price === 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'must be at least 1 for a ticket or coin episode' });
  if (e.endAt !== null && e.endAt <= e.releaseAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'must be after the release' });
}
