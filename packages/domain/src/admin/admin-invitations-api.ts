/**
 * Request and response schemas of the console's invitation campaign editor
 * (`/api/admin/invitation_campaigns`): a campaign's period and name (the heading of the store's
 * invitation pages), its utm name, images, the inviter's incentive (§3: the limit and the steps,
 * manga coins per achieved friend) and the invitee's incentive ticket (discount, minimum cart
 * price, days valid), and its condition (the invitee's first purchase). Times are Asia/Tokyo
 * `YYYY-MM-DDTHH:mm` strings as in `admin-api.ts`.
 *
 * The store's invitation pages show one running campaign (the one ending first), and a member's
 * code belongs to one campaign: two campaigns whose periods overlap cannot both run, so the
 * server refuses a campaign that would overlap another not yet ended (400 naming `start`).
 */
import { z } from 'zod';
import { count, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkInvitationCampaign } from './admin-invitations';

/** What achieves an invitation: the invitee's first paid book order after taking the ticket. */
export const INVITATION_CAMPAIGN_TYPES = ['FIRST_PURCHASE'] as const;
export type InvitationCampaignType = (typeof INVITATION_CAMPAIGN_TYPES)[number];

/** Which campaigns the list shows: running now, starting later, or ended. */
export const INVITATION_STATES = ['running', 'scheduled', 'ended'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Most steps a campaign may have. */
export const MAX_INVITER_STEPS = 20;

const positive = (max: number) =>
  z
    .number({ message: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .max(max, 'is too large');

const step = z.object({
  /** Manga coins the inviter gets for this friend. */
  mangaCoinAmount: positive(100_000),
  /** The coins are valid this many days. */
  expireDays: positive(3650),
});

const image = z.object({
  location: text(40)
    .trim()
    .min(1, 'is required')
    .regex(/^[a-z_]+$/, 'must be a location like top or share'),
  imageUrl: text(500)
    .trim()
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, 'must be a path on the store or an https address'),
  alt: text(200).default(''),
});

const inviterIncentive = z.object({
  /** Friends whose first purchase earns the inviter coins (0: none earn coins). */
  limit: count(1000),
  /** true: the n-th friend earns the n-th step; false: every friend earns the first step. */
  useSteps: z.boolean({ message: 'must be true or false' }).default(false),
  steps: z
    .array(step, { message: 'must be a list of steps' })
    .min(1, 'must hold at least one step')
    .max(MAX_INVITER_STEPS, `must hold at most ${MAX_INVITER_STEPS} steps`),
});

const inviteeIncentive = z.object({
  /** The incentive ticket's discount in yen. */
  amount: positive(100_000),
  /** The cart must come to at least this many yen for the ticket. */
  minCartPrice: count(10_000_000).default(0),
  /** The ticket is valid this many days after the friend takes it. */
  expireDays: positive(365),
});

const invitationCampaignFields = {
  /** Shown as the heading of the store's invitation pages. */
  name: text(100).trim().min(1, 'is required'),
  start: tokyoTime,
  end: tokyoTime,
  /** `utm_campaign` of the short links (§7). */
  utmCampaign: text(64)
    .trim()
    .regex(/^[a-z0-9_-]+$/, 'must be lower-case letters, digits, - or _')
    .default('hondana_friend_invitation'),
  images: z.array(image, { message: 'must be a list of images' }).max(10, 'must hold at most 10 images').default([]),
  campaignType: z.enum(INVITATION_CAMPAIGN_TYPES, { message: `must be ${INVITATION_CAMPAIGN_TYPES.join(', ')}` }).default('FIRST_PURCHASE'),
  inviterIncentive,
  inviteeIncentive,
};
export type InvitationCampaignFields = z.infer<z.ZodObject<typeof invitationCampaignFields>>;

export const CreateInvitationCampaignBody = z.object({ token, ...invitationCampaignFields }).superRefine(checkInvitationCampaign);
export type CreateInvitationCampaignBody = z.infer<typeof CreateInvitationCampaignBody>;
/** A campaign's save: the fields sent are changed, the others kept; the rules are checked on the result (server). */
export const UpdateInvitationCampaignBody = z.object({ token, version, ...patchShape(invitationCampaignFields) });
export type UpdateInvitationCampaignBody = z.infer<typeof UpdateInvitationCampaignBody>;

export const InvitationCampaignListQuery = z.object({
  state: z.enum(INVITATION_STATES, { message: `must be ${INVITATION_STATES.join(', ')}` }).optional(),
});

export const AdminInvitationCampaignView = z.object({
  id: z.number(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  utmCampaign: z.string(),
  images: z.array(z.object({ location: z.string(), imageUrl: z.string(), alt: z.string() })),
  campaignType: z.enum(INVITATION_CAMPAIGN_TYPES),
  inviterIncentive: z.object({
    limit: z.number(),
    useSteps: z.boolean(),
    steps: z.array(z.object({ mangaCoinAmount: z.number(), expireDays: z.number() })),
  }),
  inviteeIncentive: z.object({ amount: z.number(), minCartPrice: z.number(), expireDays: z.number() }),
  /** The most coins one inviter can earn (§5). */
  inviterMaximum: z.number(),
  /** Friends who took the ticket, and those whose first purchase achieved the invitation. */
  invitees: z.number(),
  achieved: z.number(),
  state: z.enum(INVITATION_STATES),
  version: z.number(),
});
export type AdminInvitationCampaignView = z.infer<typeof AdminInvitationCampaignView>;
export const InvitationCampaignList = z.object({ campaigns: z.array(AdminInvitationCampaignView) });
export type InvitationCampaignList = z.infer<typeof InvitationCampaignList>;
