import { AppError } from '@hondana/domain/common/errors';
import type { InvitationCampaign, InviterView, NonLoginAppeal } from '@hondana/domain/invitations/invitations-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { keptNonLoginAppeal } from './reach-banners.service';
import { codeCampaign, inviterInfo } from './invitations.service';

/** The invitation pages: the appeal a code opens (guests too) and the signed-in inviter's own page. */
export interface InvitationsPageContext {
  /** The campaign a code belongs to, as `/invitation/code/campaign` answers it; null for an unknown code or one out of its term (the page asks again and shows why). */
  codeCampaign(code: string): Promise<InvitationCampaign | null>;
  /** The member's code, counts and coins, as `/invitation/campaign/incentive/inviter/info/v2` answers them; null for a guest or when no campaign runs. */
  inviterInfo(): Promise<InviterView | null>;
  /** The guests' appeal as `/non_login_appeal` answers it (kept: the top page is hot); null for a member or when none runs. */
  nonLoginAppeal(): Promise<NonLoginAppeal | null>;
}

const nullOnAppError = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });

export function invitationsContext(db: Kysely<Database>, userId: number | null, at: number): InvitationsPageContext {
  return {
    codeCampaign: (code) => nullOnAppError(codeCampaign(db, code, at)),
    inviterInfo: async () => (userId === null ? null : nullOnAppError(inviterInfo(db, userId, undefined, at))),
    nonLoginAppeal: async () => (userId === null ? keptNonLoginAppeal(db, at) : null),
  };
}
