import { AuditList, AuditQuery, StaffMe } from '@hondana/domain/admin/admin-api';
import { CreatedToken } from '@hondana/domain/common/responses';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../payments/payment-provider';
import { issueToken } from '../tokens/one-time-tokens';
import { requireStaff } from './admin-guard';
import { ADMIN_TOKEN_PURPOSE } from './admin-mutation';
import { adminCatalogRoutes } from './admin-catalog.routes';
import { adminCouponRoutes } from './admin-coupons.routes';
import { adminEpisodeRoutes } from './admin-episodes.routes';
import { adminImportRoutes } from './admin-import.routes';
import { adminMediaRoutes } from './admin-media.routes';
import { adminMemberRoutes } from './admin-members.routes';
import { adminReportRoutes } from './admin-reports.routes';
import { adminSerialRoutes } from './admin-serials.routes';
import { listAudit } from './audit.repository';
import { adminBundleRoutes, adminCoinPackRoutes, adminPointCampaignRoutes } from './promotions.routes';
import { adminBannerRoutes } from './banners.routes';
import { adminInvitationCampaignRoutes } from './invitation-campaigns.routes';
import { adminLotteryCampaignRoutes } from './lottery-campaigns.routes';
import { adminGenreRoutes, adminMagazineRoutes, adminPublisherRoutes } from './taxonomy.routes';
import { adminNonLoginAppealRoutes } from './non-login-appeals.routes';
import { adminSubscriptionPlanRoutes } from './subscription-plans.routes';
import { adminMissionRoutes } from './missions.routes';
import { adminFeatureRoutes } from './features.routes';
import { adminPreOrderBonusRoutes } from './pre-order-bonuses.routes';
import { secondFactorGate } from './second-factor-gate';
import { secondFactorPasskeyRoutes, secondFactorTotpRoutes } from './second-factor.routes';
import { adminStaffRoutes } from './staff.routes';

/**
 * The operator console's API under /api/admin: every call checks the role, every change takes a
 * one-time token and writes the audit log. This plugin adds the second factor's gate and the
 * console's own calls (who am I, a token, the audit log); each use case is its own plugin below.
 */
export const adminRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (base, { provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Staff give their second factor in each sign-in before the console answers them, and again before money actions after ten minutes.
  app.addHook('onRequest', secondFactorGate);
  await app.register(secondFactorTotpRoutes);
  await app.register(secondFactorPasskeyRoutes);

  app.get('/admin/me', { config: { secondFactor: 'exempt' }, schema: { response: { 200: StaffMe } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    return { userId: staff.userId, role: staff.role };
  });
  app.get('/admin/create_token', { schema: { response: { 200: CreatedToken } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    return { status: { code: 0 as const, token: await issueToken(db, staff.userId, ADMIN_TOKEN_PURPOSE, app.deps.clock().getTime()) } };
  });
  app.get('/admin/audit', { schema: { querystring: AuditQuery, response: { 200: AuditList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { entries: await listAudit(db, { subject: request.query.subject, offset: request.query.offset, limit: 100 }) };
  });

  // Staff: roles (operators) and each staff member's own passkeys
  await app.register(adminStaffRoutes);

  // Catalog: genres, publishers and magazines (support reads); titles and books; a volume's import
  await app.register(adminGenreRoutes);
  await app.register(adminPublisherRoutes);
  await app.register(adminMagazineRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminImportRoutes);

  // Commerce: coupons; point campaigns, bundles and coin packs; reach banners and their images
  await app.register(adminCouponRoutes);
  await app.register(adminPointCampaignRoutes);
  await app.register(adminBundleRoutes);
  await app.register(adminCoinPackRoutes);
  await app.register(adminBannerRoutes);
  // Campaigns, plans, appeals, missions (support reads), features, pre-order bonuses
  await app.register(adminLotteryCampaignRoutes);
  await app.register(adminInvitationCampaignRoutes);
  await app.register(adminSubscriptionPlanRoutes);
  await app.register(adminNonLoginAppealRoutes);
  await app.register(adminMissionRoutes);
  await app.register(adminFeatureRoutes);
  await app.register(adminPreOrderBonusRoutes);

  // Members (support too)
  await app.register(adminMemberRoutes, { provider });

  await app.register(adminReportRoutes);

  // Serials and their episodes, covers and samples
  await app.register(adminSerialRoutes);
  await app.register(adminEpisodeRoutes);
  await app.register(adminMediaRoutes);
};
