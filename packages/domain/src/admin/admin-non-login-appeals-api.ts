/**
 * Request and response schemas of the console's non-login appeal editor
 * (`/api/admin/non_login_appeals`): the appeal guests see on the top page (§3 Non-login appeal:
 * name, imageUrl, appealText) and its period. The one running is what §7 `/non_login_appeal`
 * answers. Times are Asia/Tokyo `YYYY-MM-DDTHH:mm` strings as in `admin-api.ts`.
 */
import { z } from 'zod';
import { text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkNonLoginAppeal } from './admin-non-login-appeals';

/** Which appeals the list shows: running now, starting later, or ended. */
export const APPEAL_STATES = ['running', 'scheduled', 'ended'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** A site path (`/...`, not `//`) or an https address (an uploaded image's is a site path): never a script or another scheme. */
const imageAddress = z
  .string({ message: 'must be an image address' })
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v), 'must be an image address (/path or https://...)');

const nonLoginAppealFields = {
  name: text(100).trim().min(1, 'is required'),
  imageUrl: imageAddress,
  appealText: text(500).trim().min(1, 'is required'),
  start: tokyoTime,
  end: tokyoTime,
};
export type NonLoginAppealFields = z.infer<z.ZodObject<typeof nonLoginAppealFields>>;

export const CreateNonLoginAppealBody = z.object({ token, ...nonLoginAppealFields }).superRefine(checkNonLoginAppeal);
export type CreateNonLoginAppealBody = z.infer<typeof CreateNonLoginAppealBody>;
export const UpdateNonLoginAppealBody = z.object({ token, version, ...patchShape(nonLoginAppealFields) });
export type UpdateNonLoginAppealBody = z.infer<typeof UpdateNonLoginAppealBody>;

export const NonLoginAppealListQuery = z.object({
  state: z.enum(APPEAL_STATES, { message: `must be ${APPEAL_STATES.join(', ')}` }).optional(),
});

/** Query of an appeal image upload (the image itself is the body). */
export const AppealImageQuery = z.object({ token });
export const AppealImage = z.object({ imageUrl: z.string(), width: z.number(), height: z.number() });
export type AppealImage = z.infer<typeof AppealImage>;

export const AdminNonLoginAppealView = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  appealText: z.string(),
  start: z.string(),
  end: z.string(),
  state: z.enum(APPEAL_STATES),
  version: z.number(),
});
export type AdminNonLoginAppealView = z.infer<typeof AdminNonLoginAppealView>;
export const NonLoginAppealList = z.object({ appeals: z.array(AdminNonLoginAppealView) });
export type NonLoginAppealList = z.infer<typeof NonLoginAppealList>;
