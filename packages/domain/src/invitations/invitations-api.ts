/**
 * Request schemas and response shapes of the §7 invitation and banner calls. Query names as §7
 * writes them; JSON fields camelCase as §3.
 */
import { z } from 'zod';
import { INVITATION_CODE, SHARE_DESTINATIONS, type InviterStep, type ShareDestination } from './invitations';

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

export const BannersQuery = z.object({ location: z.string().max(40).regex(/^[a-z_]*$/, 'must be a location').optional() });

export interface InvitationCampaignImage {
  location: string;
  imageUrl: string;
  alt: string;
}

/** §3 Invitation campaign. */
export interface InvitationCampaign {
  id: number;
  name: string;
  startDatetime: number;
  endDatetime: number;
  utmCampaign: string;
  images: InvitationCampaignImage[];
  inviterIncentive: { limit: number; useSteps: boolean; steps: InviterStep[] };
  inviteeIncentive: { amount: number; minCartPrice: number; expireDays: number };
  campaignType: string;
}

/** §3 Inviter incentive info. */
export interface InviterIncentiveInfo {
  invitationAchievedMangaCoin: number;
  invitationLimit: number;
  invitationAchievedCount: number;
  invitationLimitMangaCoin: number;
  invitationCode: string;
}

/** §3 Incentive ticket. */
export interface IncentiveTicket {
  hasAvailableTicket: boolean;
  ticketDiscountAmount: number;
  minCartPrice: number;
  expireDatetime: number | null;
}

export interface ShortLink {
  shareDestination: ShareDestination;
  linkUrl: string;
}

/** §3 Banner and reach banner. */
export interface Banner {
  id: number;
  url: string;
  jumpUrl: string;
  colorCode: string;
}
export interface ReachBanner {
  bannerId: number;
  bannerUrl: string;
  bannerJumpUrl: string;
  colorCode: string;
}

/** §3 Non-login appeal. */
export interface NonLoginAppeal {
  name: string;
  imageUrl: string;
  appealText: string;
}
