import type { FastifyPluginAsync } from 'fastify';
import { accountSettingsContext } from './account-settings-context';
import { mailLinkRoutes } from './mail-links.routes';
import { memberSecurityRoutes } from './member-security.routes';
import type { WithdrawalParts } from './withdrawal.service';

/**
 * A member's account settings (issue 38): password reset from the login page, address change
 * and confirmation, password change, signed-in sessions, and withdrawal's summary and password
 * step (§7 `/user/withdrawal` itself is in `member-profile.routes.ts`).
 */
export const accountSettingsRoutes: FastifyPluginAsync<{ authRateLimit: number; withdrawal: WithdrawalParts }> = async (app, options) => {
  const context = accountSettingsContext(app, options.authRateLimit);
  mailLinkRoutes(app, context);
  memberSecurityRoutes(app, context, options.withdrawal);
};
