/**
 * Request and response schemas of the console's features editor (`/api/admin/features`): the
 * editors' picks (特集/おすすめ) the serial pages show (§7 `/serial_osusumes`): a name, a short
 * description, a period and the serials in their order. Times are Asia/Tokyo `YYYY-MM-DDTHH:mm`
 * strings as in `admin-api.ts`.
 */
import { z } from 'zod';
import { refId, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkFeature } from './admin-features';

/** Which features the list shows: running now, starting later, or ended. */
export const FEATURE_STATES = ['running', 'scheduled', 'ended'] as const;
export type FeatureState = (typeof FEATURE_STATES)[number];

const featureFields = {
  name: text(100).trim().min(1, 'is required'),
  description: text(200).trim().default(''),
  start: tokyoTime,
  end: tokyoTime,
  /** The serials in the order the store shows them. */
  serialIds: z
    .array(refId, { message: 'must be a list of serials' })
    .min(1, 'must hold at least one serial')
    .max(50, 'must hold at most 50 serials'),
};
export type FeatureFields = z.infer<z.ZodObject<typeof featureFields>>;

export const CreateFeatureBody = z.object({ token, ...featureFields }).superRefine(checkFeature);
export type CreateFeatureBody = z.infer<typeof CreateFeatureBody>;
/** A feature's save: the fields sent are changed, the others kept; the rules are checked on the result (server). */
export const UpdateFeatureBody = z.object({ token, version, ...patchShape(featureFields) });
export type UpdateFeatureBody = z.infer<typeof UpdateFeatureBody>;

export const FeatureListQuery = z.object({
  state: z.enum(FEATURE_STATES, { message: `must be ${FEATURE_STATES.join(', ')}` }).optional(),
});

export const AdminFeatureView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  /** The serials in their order, each with its name (the console picks them by name). */
  serials: z.array(z.object({ id: z.number(), name: z.string() })),
  state: z.enum(FEATURE_STATES),
  version: z.number(),
});
export type AdminFeatureView = z.infer<typeof AdminFeatureView>;
export const FeatureList = z.object({ features: z.array(AdminFeatureView) });
export type FeatureList = z.infer<typeof FeatureList>;
