import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of friend invitations and banners, created by migration 2026-11-25T0910-invitations.
 * Instants are epoch milliseconds; JSON lists are text.
 */
type Millis = number;

/** §3 Invitation campaign: its period, the inviter's steps (JSON InviterStep[]) and the invitee's ticket. */
export interface InvitationCampaignsTable {
  id: Generated<number>;
  name: string;
  start_at: Millis;
  end_at: Millis;
  utm_campaign: string;
  /** JSON: [{ location, imageUrl, alt }]. */
  images: Generated<string>;
  /** FIRST_PURCHASE: the invitee's first paid order achieves the invitation. */
  campaign_type: Generated<string>;
  inviter_limit: number;
  use_steps: Generated<number>;
  steps: string;
  ticket_amount: number;
  ticket_min_cart_price: Generated<number>;
  ticket_valid_days: number;
  /** Moves on every console change (2026-12-06T1610): a save against an older one is a 409. */
  version: Generated<number>;
}

/** A member's one code in a campaign. */
export interface InvitationCodesTable {
  id: Generated<number>;
  campaign_id: number;
  user_id: number;
  code: string;
  created_at: Millis;
}

/** A short link of a code for one destination (web, twitter, line). */
export interface InvitationLinksTable {
  slug: string;
  code_id: number;
  destination: string;
  title_id: number | null;
  created_at: Millis;
}

/**
 * One invitee's grant: the ticket (a coupon) at once, TICKET_GRANTED; ACHIEVED when the campaign's
 * condition is met, with the inviter's coins and the invitation's number among the inviter's.
 */
export interface InvitationGrantsTable {
  id: Generated<number>;
  campaign_id: number;
  code_id: number;
  inviter_user_id: number;
  invitee_user_id: number;
  invitee_email: string;
  coupon_id: number;
  status: string;
  achieved_seq: number | null;
  inviter_coins: Generated<number>;
  order_id: number | null;
  created_at: Millis;
  achieved_at: Millis | null;
}

/** §3 Reach banner: shown in its period, highest priority first. */
export interface ReachBannersTable {
  id: Generated<number>;
  banner_url: string;
  jump_url: string;
  color_code: Generated<string>;
  location: Generated<string>;
  priority: Generated<number>;
  start_at: Millis;
  end_at: Millis;
  /** Bumped by every console edit (a stale one is a 409). */
  version: Generated<number>;
  /** The uploaded image `banner_url` serves (banner_images); null for an address typed before uploads (migration 2026-12-06T03). */
  image_id: number | null;
}

/** §3 Non-login appeal shown to guests in its period. */
export interface NonLoginAppealsTable {
  id: Generated<number>;
  name: string;
  image_url: string;
  appeal_text: string;
  start_at: Millis;
  end_at: Millis;
  /** Bumped by every console edit (a stale one is a 409); migration 2026-12-06T1625. */
  version: Generated<number>;
}

export interface InvitationTables {
  invitation_campaigns: InvitationCampaignsTable;
  invitation_codes: InvitationCodesTable;
  invitation_links: InvitationLinksTable;
  invitation_grants: InvitationGrantsTable;
  reach_banners: ReachBannersTable;
  non_login_appeals: NonLoginAppealsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const invitationTableOwners = {
  invitation_campaigns: 'admin',
  invitation_codes: 'invitations',
  invitation_links: 'invitations',
  invitation_grants: 'invitations',
  reach_banners: 'admin',
  non_login_appeals: 'admin',
} as const satisfies TableOwners<InvitationTables>;
