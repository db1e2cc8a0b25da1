import type { FastifyPluginAsync } from 'fastify';
import type { HumanCheck } from '../../http/human-check';
import type { GiveCoupon, RandomInt } from './lottery/lottery-draw.service';
import { lotteryRoutes } from './lottery/lottery.routes';
import type { AppOpens } from './missions/app-opens';
import { missionRoutes } from './missions/missions.routes';

export interface CampaignRoutesOptions {
  /** Decides the consume call's reCaptchaToken; the sandbox by default (passes all but `fail`). */
  humanCheck?: HumanCheck;
  /** Random source of draws; `crypto.randomInt` by default. */
  random?: RandomInt;
  /** Counts the days members open the app (`missions/app-opens.ts`); tests pass one to await its writes. */
  appOpens?: AppOpens;
}

/**
 * The selling layer's campaigns: lottery and missions. `app.ts` passes the cart's coupon grant
 * (`giveCoupon`, a lottery's coupon prize: the cart owns members' coupons and imports the campaigns).
 */
export const campaignRoutes: FastifyPluginAsync<CampaignRoutesOptions & { giveCoupon: GiveCoupon }> = async (app, options) => {
  await app.register(lotteryRoutes, options);
  await app.register(missionRoutes, options.appOpens ? { appOpens: options.appOpens } : {});
};
