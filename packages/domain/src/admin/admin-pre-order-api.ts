/**
 * Request and response schemas of the console's pre-order bonus editor
 * (`/api/admin/pre_order_bonuses`): a bonus on one volume not released yet (§3 Pre-order bonus:
 * `points` plus `rate` % of the price, given as points at the release to whoever pre-ordered it
 * while the bonus ran), its name and its period. Times are Asia/Tokyo `YYYY-MM-DDTHH:mm` strings.
 */
import { z } from 'zod';
import { count, refId, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkPreOrderBonus } from './admin-pre-order';

/** Which bonuses the list shows: running now, starting later, or ended. */
export const PRE_ORDER_BONUS_STATES = ['running', 'scheduled', 'ended'] as const;
export type PreOrderBonusState = (typeof PRE_ORDER_BONUS_STATES)[number];

const bonusFields = {
  name: text(100).trim().min(1, 'is required'),
  /** The volume (a book not released yet). */
  bookId: refId,
  /** Points given for each pre-order. */
  points: count(100_000).default(0),
  /** Percent of the volume's price given back as points. */
  rate: count(100).default(0),
  start: tokyoTime,
  end: tokyoTime,
};
export type PreOrderBonusFields = z.infer<z.ZodObject<typeof bonusFields>>;

export const CreatePreOrderBonusBody = z.object({ token, ...bonusFields }).superRefine(checkPreOrderBonus);
export type CreatePreOrderBonusBody = z.infer<typeof CreatePreOrderBonusBody>;
export const UpdatePreOrderBonusBody = z.object({ token, version, ...patchShape(bonusFields) });
export type UpdatePreOrderBonusBody = z.infer<typeof UpdatePreOrderBonusBody>;

export const PreOrderBonusListQuery = z.object({
  state: z.enum(PRE_ORDER_BONUS_STATES, { message: `must be ${PRE_ORDER_BONUS_STATES.join(', ')}` }).optional(),
});

export const AdminPreOrderBonusView = z.object({
  id: z.number(),
  name: z.string(),
  /** The volume; null for an older bonus on a whole title or on every pre-order (`titleId`). */
  book: z.object({ id: z.number(), titleId: z.number(), titleName: z.string(), vol: z.number(), release: z.string() }).nullable(),
  titleId: z.number().nullable(),
  points: z.number(),
  rate: z.number(),
  start: z.string(),
  end: z.string().nullable(),
  /** Pre-orders given (or to be given) this bonus: once there is one, its volume stays. */
  grants: z.number(),
  state: z.enum(PRE_ORDER_BONUS_STATES),
  version: z.number(),
});
export type AdminPreOrderBonusView = z.infer<typeof AdminPreOrderBonusView>;
export const PreOrderBonusList = z.object({ bonuses: z.array(AdminPreOrderBonusView) });
export type PreOrderBonusList = z.infer<typeof PreOrderBonusList>;
