import type { FastifyPluginAsync } from 'fastify';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { NEW_EPISODE_SCAN_EVERY_MS, pushNewEpisodes } from './new-episode-pushes';
import { NEW_VOLUME_SCAN_EVERY_MS, mailNewVolumes } from './new-volume-mails';
import { newlyFollowRoutes } from './newly-follows.routes';
import { newlyMessageRoutes } from './newly-messages.routes';
import { noticeRouteContext } from './notice-route-context';
import { wishListRoutes } from './wish-list.routes';

const TOKEN_ENDPOINTS: Record<string, string> = {
  '/wish_title/add/create_token': 'wish_add',
  '/wish_title/delete/create_token': 'wish_delete',
  '/newly/newly_notices/create_token': 'newly_notice',
  '/newly/delete_newly_notice/create_token': 'newly_delete',
};

/** My list (§7 "Wish list") and new-release notices (§7 "Mission and newly", user notices), one use case per file. */
export const noticesRoutes: FastifyPluginAsync = async (app) => {
  const context = noticeRouteContext(app);
  registerTokenEndpoints(app, TOKEN_ENDPOINTS);
  wishListRoutes(app, context);
  newlyFollowRoutes(app, context);
  newlyMessageRoutes(app, context);

  // New volumes come out with no request: the scheduler mails the members waiting for them.
  app.ops.scheduler.register({
    name: 'new-volume-mails',
    everyMs: NEW_VOLUME_SCAN_EVERY_MS,
    run: ({ db: jobDb, now: at }) => mailNewVolumes(jobDb, at),
  });
  // Serial episodes come out the same way: the scheduler pushes them to the members whose notification is on.
  app.ops.scheduler.register({
    name: 'new-episode-pushes',
    everyMs: NEW_EPISODE_SCAN_EVERY_MS,
    run: ({ db: jobDb, now: at }) => pushNewEpisodes(jobDb, at),
  });
};
