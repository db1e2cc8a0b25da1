/**
 * The console's rules across the fields of the features (特集/おすすめ): checked on a new one (the create body's
 * refinement in `admin-features-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import type { FeatureFields } from './admin-features-api';

/** A feature's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkFeature(f: FeatureFields, ctx: z.RefinementCtx) {
  if (f.end <= f.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  if (new Set(f.serialIds).size !== f.serialIds.length)
    ctx.addIssue({ code: 'custom', path: ['serialIds'], message: 'must not repeat a serial' });
}
