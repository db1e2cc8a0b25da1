import type { FastifyPluginAsync } from 'fastify';
import type { HumanCheck } from '../../http/human-check';
import type { RandomInt } from './lottery/lottery-draw.service';
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

/** The selling layer's campaigns: lottery and missions. */
export const campaignRoutes: FastifyPluginAsync<CampaignRoutesOptions> = async (app, options) => {
  await app.register(lotteryRoutes, options);
  await app.register(missionRoutes, options.appOpens ? { appOpens: options.appOpens } : {});
};
