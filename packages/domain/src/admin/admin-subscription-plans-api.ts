/**
 * Request and response schemas of the console's manga coin subscription plan editor
 * (`/api/admin/subscription_plans`): a plan's name, coins and price, its first, second and every
 * cycle bonus, its highlight, the payment types it is sold with and its order (§3 Subscription
 * plan). A plan opens to new members at its start and is closed to them by its end; the members
 * who hold it renew on it regardless. Times are Asia/Tokyo `YYYY-MM-DDTHH:mm` strings as in `admin-api.ts`.
 */
import { z } from 'zod';
import { PlanHighlight, SubscriptionPaymentType } from '../subscriptions/subscription-plans';
import { count, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';

export const PLAN_HIGHLIGHTS = Object.values(PlanHighlight) as [PlanHighlight, ...PlanHighlight[]];
export const PLAN_PAYMENT_TYPES = Object.values(SubscriptionPaymentType) as [SubscriptionPaymentType, ...SubscriptionPaymentType[]];

/** Which plans the list shows: open to new members now, opening later, or closed. */
export const PLAN_STATES = ['running', 'scheduled', 'ended'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

const positive = (max: number) =>
  z
    .number({ message: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .max(max, 'is too large');

const subscriptionPlanFields = {
  name: text(100).trim().min(1, 'is required'),
  /** Manga coins every cycle (1 manga coin is 1 yen). */
  coin: positive(1_000_000),
  taxIncludedPrice: positive(1_000_000),
  firstBonus: count(1_000_000).default(0),
  secondBonus: count(1_000_000).default(0),
  cycleBonus: count(1_000_000).default(0),
  highlightType: z.enum(PLAN_HIGHLIGHTS, { message: `must be one of ${PLAN_HIGHLIGHTS.join(', ')}` }).default('none'),
  paymentTypes: z
    .array(z.enum(PLAN_PAYMENT_TYPES, { message: `must be ${PLAN_PAYMENT_TYPES.join(', ')}` }), {
      message: 'must be a list of payment types',
    })
    .min(1, 'must hold at least one payment type')
    .refine((types) => new Set(types).size === types.length, 'must not repeat a payment type'),
  /** Lower shows first on the subscription page. */
  sortOrder: count(1000).default(0),
  /** When new members may subscribe (absent on a create: at once). */
  start: tokyoTime.optional(),
};
export type SubscriptionPlanFields = z.infer<z.ZodObject<typeof subscriptionPlanFields>>;

export const CreateSubscriptionPlanBody = z.object({ token, ...subscriptionPlanFields });
export type CreateSubscriptionPlanBody = z.infer<typeof CreateSubscriptionPlanBody>;
/** A plan's save: the fields sent are changed, the others kept. Members already subscribed keep the terms they bought. */
export const UpdateSubscriptionPlanBody = z.object({ token, version, ...patchShape(subscriptionPlanFields) });
export type UpdateSubscriptionPlanBody = z.infer<typeof UpdateSubscriptionPlanBody>;
/** End or delete a plan, against the version read. */
export const SubscriptionPlanVersionBody = z.object({ token, version });

export const SubscriptionPlanListQuery = z.object({
  state: z.enum(PLAN_STATES, { message: `must be ${PLAN_STATES.join(', ')}` }).optional(),
});

export const AdminSubscriptionPlanView = z.object({
  id: z.number(),
  name: z.string(),
  coin: z.number(),
  taxIncludedPrice: z.number(),
  firstBonus: z.number(),
  secondBonus: z.number(),
  cycleBonus: z.number(),
  highlightType: z.enum(PLAN_HIGHLIGHTS),
  paymentTypes: z.array(z.enum(PLAN_PAYMENT_TYPES)),
  sortOrder: z.number(),
  /** When it opened (opens) to new members; null for a plan open from the start (made before the editor, or the demo's). */
  start: z.string().nullable(),
  /** When it was closed to new members; null while open. */
  end: z.string().nullable(),
  state: z.enum(PLAN_STATES),
  /** Members who hold it now (they renew on it, closed or not). */
  liveMembers: z.number(),
  /** Subscriptions ever made to it: a plan with any cannot be deleted, only ended. */
  members: z.number(),
  version: z.number(),
});
export type AdminSubscriptionPlanView = z.infer<typeof AdminSubscriptionPlanView>;
export const SubscriptionPlanList = z.object({ plans: z.array(AdminSubscriptionPlanView) });
export type SubscriptionPlanList = z.infer<typeof SubscriptionPlanList>;
export const DeletedSubscriptionPlan = z.object({ id: z.number(), deleted: z.literal(true) });
