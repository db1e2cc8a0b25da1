import type { LotteryCampaign } from '@hondana/domain/campaigns/lottery-api';
import { AppError } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as lottery from './lottery/lottery.service';

/** The lottery pages: what every viewer sees alike (a member's tickets load in the browser). */
export interface LotteryPageContext {
  /** The running campaigns, as `/lottery/campaigns` answers them. */
  running(): Promise<LotteryCampaign[]>;
  /** A campaign, as `/lottery/campaign` answers it; null when there is none. */
  campaign(campaignId: number): Promise<LotteryCampaign | null>;
}

/** The lottery section of the store pages' context (`/lottery`, `/lottery/{id}`), at the request's instant. */
export function lotteryContext(db: Kysely<Database>, at: number): LotteryPageContext {
  return {
    running: async () => (await lottery.campaigns(db, at)).campaigns,
    campaign: (campaignId) =>
      lottery.campaign(db, campaignId, at).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }),
  };
}
