import type { FastifyPluginAsync } from 'fastify';
import { accountRouteContext } from './account-route-context';
import { accountSettingsRoutes } from './account-settings.routes';
import { commonStatusRoutes } from './common-status.routes';
import { memberProfileRoutes } from './member-profile.routes';
import { sweepExpiredSessions } from './sessions';
import { signInRoutes } from './sign-in.routes';
import type { WithdrawalParts } from './withdrawal.service';

/** Accounts (§6, §7 "User and common"): signup, login, sessions, status, profile, adult check, one use case per file. */
export const accountsRoutes: FastifyPluginAsync<{ authRateLimit: number; withdrawal: WithdrawalParts }> = async (
  app,
  { authRateLimit, withdrawal },
) => {
  const context = accountRouteContext(app);
  signInRoutes(app, context, authRateLimit);
  commonStatusRoutes(app, context);
  memberProfileRoutes(app, context, withdrawal);
  await app.register(accountSettingsRoutes, { authRateLimit, withdrawal });
  app.ops.scheduler.register({
    name: 'expired-session-sweep',
    everyMs: 60 * 60 * 1000,
    run: ({ db, now }) => sweepExpiredSessions(db, now),
  });
};
