/**
 * Request and response schemas of the §7 invitation and banner calls. Query names as §7
 * writes them; JSON fields camelCase as §3.
 */
import { z } from 'zod';
import { OkStatus } from '../common/responses';
import { INVITATION_CODE, SHARE_DESTINATIONS, type InviterStep } from './invitations';

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);
const code = z.string({ message: 'is required' }).trim().toUpperCase().regex(INVITATION_CODE, 'must be an invitation code');

export const CampaignsQuery = z.object({
  invitation_campaign_id: id('must be a campaign id').optional(),
  campaign_status: z.enum(['open', 'all'], { message: 'must be open or all' }).default('open'),
});
export const CampaignIdQuery = z.object({ invitation_campaign_id: id('must be a campaign id').optional() });
export const CodeQuery = z.object({ code });
export const GrantBody = z.object({ code });
export type GrantBody = z.infer<typeof GrantBody>;

export const LinkUrlsBody = z.object({
  code,
  titleId: z.coerce.number({ message: 'must be a title id' }).int().min(0).max(2_147_483_647).optional(),
  urlComponents: z
    .array(
      z.object({
        path: z.literal('invitation', { message: 'must be invitation' }),
        utmParameter: z.object({ utmSource: z.enum(SHARE_DESTINATIONS, { message: 'must be web, twitter or line' }) }),
      }),
    )
    .min(1, 'needs a destination')
    .max(3, 'at most three destinations'),
});
export type LinkUrlsBody = z.infer<typeof LinkUrlsBody>;

/** `GET /i/{slug}`: a short link's slug. */
export const SlugParams = z.object({ slug: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'must be a link') });

export const BannersQuery = z.object({
  location: z
    .string()
    .max(40)
    .regex(/^[a-z_]*$/, 'must be a location')
    .optional(),
});

const InvitationCampaignImage = z.object({ location: z.string(), imageUrl: z.string(), alt: z.string() });
type InvitationCampaignImage = z.infer<typeof InvitationCampaignImage>;

const inviterStep = z.object({ mangaCoinAmount: z.number(), expireDays: z.number() }) satisfies z.ZodType<InviterStep>;

/** §3 Invitation campaign. */
export const InvitationCampaign = z.object({
  id: z.number(),
  name: z.string(),
  startDatetime: z.number(),
  endDatetime: z.number(),
  utmCampaign: z.string(),
  images: z.array(InvitationCampaignImage),
  inviterIncentive: z.object({ limit: z.number(), useSteps: z.boolean(), steps: z.array(inviterStep) }),
  inviteeIncentive: z.object({ amount: z.number(), minCartPrice: z.number(), expireDays: z.number() }),
  campaignType: z.string(),
});
export type InvitationCampaign = z.infer<typeof InvitationCampaign>;

/** §3 Inviter incentive info. */
const InviterIncentiveInfo = z.object({
  invitationAchievedMangaCoin: z.number(),
  invitationLimit: z.number(),
  invitationAchievedCount: z.number(),
  invitationLimitMangaCoin: z.number(),
  invitationCode: z.string(),
});
type InviterIncentiveInfo = z.infer<typeof InviterIncentiveInfo>;

/** The inviter's page: the campaign, their info, whether the limit is reached and the most coins they can earn. */
export const InviterView = z.object({
  campaign: InvitationCampaign,
  info: InviterIncentiveInfo,
  limitReached: z.boolean(),
  inviterMaximum: z.number(),
});
export type InviterView = z.infer<typeof InviterView>;

/** §3 Incentive ticket. */
export const IncentiveTicket = z.object({
  hasAvailableTicket: z.boolean(),
  ticketDiscountAmount: z.number(),
  minCartPrice: z.number(),
  expireDatetime: z.number().nullable(),
});
export type IncentiveTicket = z.infer<typeof IncentiveTicket>;

/** `GET /invitation/code/inspection`: the code's campaign, which the member may still use. */
export const CodeInspection = z.object({ campaign: InvitationCampaign, available: z.literal(true) });
export type CodeInspection = z.infer<typeof CodeInspection>;

export const ShortLink = z.object({ shareDestination: z.enum(SHARE_DESTINATIONS), linkUrl: z.string() });
export type ShortLink = z.infer<typeof ShortLink>;

/** §3 Banner and reach banner. */
export const Banner = z.object({ id: z.number(), url: z.string(), jumpUrl: z.string(), colorCode: z.string() });
export type Banner = z.infer<typeof Banner>;
export const ReachBanner = z.object({ bannerId: z.number(), bannerUrl: z.string(), bannerJumpUrl: z.string(), colorCode: z.string() });
export type ReachBanner = z.infer<typeof ReachBanner>;

/** §3 Non-login appeal. */
export const NonLoginAppeal = z.object({ name: z.string(), imageUrl: z.string(), appealText: z.string() });
export type NonLoginAppeal = z.infer<typeof NonLoginAppeal>;

/** The §7 envelope of these calls: `{ status: { code: 0 }, results }`. */
const okResults = <T extends z.ZodType>(results: T) => z.object({ status: OkStatus, results });

export const CampaignsAnswer = okResults(z.array(InvitationCampaign));
export type CampaignsAnswer = z.infer<typeof CampaignsAnswer>;
export const CampaignAnswer = okResults(InvitationCampaign);
export type CampaignAnswer = z.infer<typeof CampaignAnswer>;
export const IncentiveTicketAnswer = okResults(IncentiveTicket);
export type IncentiveTicketAnswer = z.infer<typeof IncentiveTicketAnswer>;
export const InviterInfoAnswer = okResults(InviterIncentiveInfo);
export type InviterInfoAnswer = z.infer<typeof InviterInfoAnswer>;
export const InviterViewAnswer = okResults(InviterView);
export type InviterViewAnswer = z.infer<typeof InviterViewAnswer>;
export const CodeInspectionAnswer = okResults(CodeInspection);
export type CodeInspectionAnswer = z.infer<typeof CodeInspectionAnswer>;
export const ShortLinksAnswer = okResults(z.array(ShortLink));
export type ShortLinksAnswer = z.infer<typeof ShortLinksAnswer>;
export const ReachBannersAnswer = okResults(z.array(ReachBanner));
export type ReachBannersAnswer = z.infer<typeof ReachBannersAnswer>;
export const BannersAnswer = okResults(z.array(Banner));
export type BannersAnswer = z.infer<typeof BannersAnswer>;
/** null for a member (the appeal is for guests) or when none runs. */
export const NonLoginAppealAnswer = okResults(NonLoginAppeal.nullable());
export type NonLoginAppealAnswer = z.infer<typeof NonLoginAppealAnswer>;
