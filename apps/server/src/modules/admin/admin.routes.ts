import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminBook,
  AdminCoupon,
  AdminTitle,
  AuditList,
  AuditQuery,
  CancelOrderAnswer,
  CancelOrderBody,
  CouponEnabledBody,
  CouponList,
  CreateCouponBody,
  CreateTitleBody,
  CreatedCoupon,
  GrantAnswer,
  GrantBody,
  IdParams,
  ImportAnswer,
  ImportQuery,
  MemberDetail,
  MemberList,
  OrderParams,
  RetryRefundAnswer,
  RetryRefundBody,
  PublishBody,
  SalesQuery,
  SalesReport,
  SearchQuery,
  StaffMe,
  SuspendAnswer,
  SuspendBody,
  TitleList,
  UnusedBalanceQuery,
  UnusedBalanceReport,
  UpdateBookBody,
  UpdateTitleBody,
} from '@hondana/domain/admin/admin-api';
import { CoinPackSalesQuery, CoinPackSalesReport, TopTitlesQuery, TopTitlesReport } from '@hondana/domain/admin/admin-serials-api';
import { AppError, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import { CreatedToken } from '@hondana/domain/common/responses';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import type { PaymentProvider } from '../../payments/payment-provider';
import { sendRefund } from '../orders/refund-order.service';
import { importBook } from '../../import/import-book';
import { ImportError } from '../../import/import-error';
import { withRetry } from '../ledger/ledger';
import { issueToken, tokenUseIn } from '../tokens/one-time-tokens';
import { requireStaff } from './admin-guard';
import { ADMIN_TOKEN_PURPOSE, adminMutation } from './admin-mutation';
import { adminMediaRoutes } from './admin-media.routes';
import { adminSerialRoutes } from './admin-serials.routes';
import * as catalog from './admin-catalog.service';
import * as commerce from './admin-commerce.service';
import { titleExists } from './admin-catalog.repository';
import { listAudit, writeAudit } from './audit.repository';
import { catalogChanged } from './catalog-changed';
import { sendCsv } from './csv-reply';
import * as members from './members.service';
import { adminPromotionRoutes } from './promotions.routes';
import { adminBannerRoutes } from './banners.routes';
import { adminInvitationCampaignRoutes } from './invitation-campaigns.routes';
import { adminLotteryCampaignRoutes } from './lottery-campaigns.routes';
import { adminTaxonomyRoutes } from './taxonomy.routes';
import { adminNonLoginAppealRoutes } from './non-login-appeals.routes';
import { adminSubscriptionPlanRoutes } from './subscription-plans.routes';
import { adminMissionRoutes } from './missions.routes';
import { adminFeatureRoutes } from './features.routes';
import { adminPreOrderBonusRoutes } from './pre-order-bonuses.routes';
import * as reports from './reports.service';
import { secondFactorGate } from './second-factor-gate';
import { secondFactorRoutes } from './second-factor.routes';
import { adminStaffRoutes } from './staff.routes';

/** Largest file the console's import takes (a CBZ or EPUB volume). */
const IMPORT_LIMIT_BYTES = 512 * 1024 * 1024;

/** The token of an import was used before: its catalog write rolls back and the first answer is returned. */
class TokenAlreadyUsed extends Error {}

/** The operator console's API under /api/admin: every call checks the role, every change takes a one-time token and writes the audit log. */
export const adminRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (base, { provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  // Staff give their second factor in each sign-in before the console answers them, and again before money actions after ten minutes.
  app.addHook('onRequest', secondFactorGate);
  await app.register(secondFactorRoutes);

  app.get('/admin/me', { config: { secondFactor: 'exempt' }, schema: { response: { 200: StaffMe } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    return { userId: staff.userId, role: staff.role };
  });
  app.get('/admin/create_token', { schema: { response: { 200: CreatedToken } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    return { status: { code: 0 as const, token: await issueToken(db, staff.userId, ADMIN_TOKEN_PURPOSE, now()) } };
  });
  app.get('/admin/audit', { schema: { querystring: AuditQuery, response: { 200: AuditList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { entries: await listAudit(db, { subject: request.query.subject, offset: request.query.offset, limit: 100 }) };
  });

  // Staff: roles (operators) and each staff member's own passkeys
  await app.register(adminStaffRoutes);

  // Catalog
  // Genres, publishers and magazines (support reads)
  await app.register(adminTaxonomyRoutes);
  app.get('/admin/titles', { schema: { querystring: SearchQuery, response: { 200: TitleList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { titles: await catalog.searchTitles(db, request.query.q, request.query.offset) };
  });
  app.get('/admin/titles/:id', { schema: { params: IdParams, response: { 200: AdminTitle } } }, async (request) => {
    await requireStaff(request, 'everything');
    return catalog.titleDetail(db, request.params.id, now());
  });
  app.post('/admin/titles', { schema: { body: CreateTitleBody, response: { 200: AdminTitle } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => catalog.createTitle(trx, request.body, now()),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/titles/:id',
    { schema: { params: IdParams, body: UpdateTitleBody, response: { 200: AdminTitle } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => catalog.updateTitle(trx, id, request.body, now()),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/books/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateBookBody, response: { 200: AdminBook } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => catalog.updateBook(trx, id, request.body, now()),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/books/:id/publish',
    { schema: { params: IdParams, body: PublishBody, response: { 200: AdminBook } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => catalog.publishBook(trx, id, input, now()),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  // The same import as `npm run import`, into a title; the new book waits unlisted until published.
  await app.register(async (upload) => {
    upload.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: IMPORT_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/titles/:id/import',
      {
        bodyLimit: IMPORT_LIMIT_BYTES,
        schema: { params: IdParams, querystring: ImportQuery, response: { 200: ImportAnswer } },
        // Refused before the file is read: only an operator's upload is taken in.
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw badRequest('file', 'is required (the CBZ, ZIP or EPUB as application/octet-stream)');
        const { token } = request.query;
        const name = path.basename(request.query.name).replace(/[^\p{L}\p{N}._ -]/gu, '_') || 'upload.cbz';
        const titleId = request.params.id;
        if (!(await titleExists(db, titleId))) throw new AppError(404, ErrorCode.NOT_FOUND, ['title']);
        const dir = await mkdtemp(path.join(tmpdir(), 'hondana-upload-'));
        try {
          const file = path.join(dir, name);
          await writeFile(file, body);
          const at = now();
          const tokenUse = tokenUseIn<ImportAnswer>({
            token,
            userId: staff.userId,
            purpose: ADMIN_TOKEN_PURPOSE,
            request: { titleId, name, bytes: body.length },
            now: at,
          });
          const result = await importBook({ db, media: app.deps.media }, file, {
            titleId,
            newBooksStopped: true,
            now: at,
            inTransaction: async (tx, written) => {
              if (!(await tokenUse.claimIn(tx, { bookId: written.bookId, action: written.action }))) throw new TokenAlreadyUsed();
              await writeAudit(
                tx,
                staff,
                {
                  action: `book.import.${written.action}`,
                  subject: `book:${written.bookId}`,
                  after: { titleId: written.titleId, file: name, bytes: body.length },
                },
                at,
              );
            },
          }).then(
            (imported) => ({
              body: { bookId: imported.bookId!, action: imported.action, totalPage: imported.totalPage, warnings: imported.warnings },
            }),
            async (error: unknown) => {
              if (error instanceof ImportError && error.cause instanceof TokenAlreadyUsed) return tokenUse.replayed(db);
              if (error instanceof ImportError) throw badRequest('file', error.message.replace(dir + path.sep, ''));
              throw error;
            },
          );
          await catalogChanged(app);
          return result.body;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  });

  // Commerce
  app.get('/admin/coupons', { schema: { response: { 200: CouponList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { coupons: await commerce.listCoupons(db) };
  });
  app.post('/admin/coupons', { schema: { body: CreateCouponBody, response: { 200: CreatedCoupon } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(db, staff, { token, request: input, now: now() }, (trx) =>
      commerce.createCoupon(trx, request.body, now()),
    );
    return sendStored(reply, result);
  });
  app.post(
    '/admin/coupons/:id/enabled',
    { schema: { params: IdParams, body: CouponEnabledBody, response: { 200: AdminCoupon } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, enabled } = request.body;
      const id = request.params.id;
      const result = await adminMutation(db, staff, { token, request: { id, enabled }, now: now() }, (trx) =>
        commerce.setCouponEnabled(trx, id, enabled),
      );
      return sendStored(reply, result);
    },
  );

  // Point campaigns, bundles and coin packs; reach banners and their images
  await app.register(adminPromotionRoutes);
  await app.register(adminBannerRoutes);
  // Lottery campaigns
  await app.register(adminLotteryCampaignRoutes);
  await app.register(adminInvitationCampaignRoutes);
  await app.register(adminSubscriptionPlanRoutes);
  await app.register(adminNonLoginAppealRoutes);
  // Missions (support reads)
  await app.register(adminMissionRoutes);
  await app.register(adminFeatureRoutes);
  await app.register(adminPreOrderBonusRoutes);

  // Members (support too)
  app.get('/admin/members', { schema: { querystring: SearchQuery, response: { 200: MemberList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { members: await members.findMembers(db, request.query.q) };
  });
  app.get('/admin/members/:id', { schema: { params: IdParams, response: { 200: MemberDetail } } }, async (request) => {
    await requireStaff(request, 'members');
    return members.memberDetail(db, request.params.id, now());
  });
  app.post(
    '/admin/members/:id/grant',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: GrantBody, response: { 200: GrantAnswer } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'members');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await withRetry(() =>
        adminMutation(db, staff, { token, request: { id, ...input }, now: now() }, (trx) => members.grantToMember(trx, id, input, now())),
      );
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/members/:id/orders/:orderId/cancel',
    { config: { secondFactor: 'fresh' }, schema: { params: OrderParams, body: CancelOrderBody, response: { 200: CancelOrderAnswer } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'members');
      const { token, reason, refundYen } = request.body;
      const { id, orderId } = request.params;
      const result = await withRetry(() =>
        adminMutation(db, staff, { token, request: { id, orderId, reason, refundYen }, now: now() }, (trx) =>
          members.cancelMemberOrder(trx, id, orderId, { reason, refundYen }, now()),
        ),
      );
      // A paid order's money goes back after the cancellation's transaction (never inside it), once.
      if (result.status !== 200 || !result.body.refund) return sendStored(reply, result);
      const refund = await sendRefund(db, provider, orderId, { again: false, now: now() });
      return { ...result.body, refund };
    },
  );
  app.post(
    '/admin/members/:id/orders/:orderId/refund',
    { config: { secondFactor: 'fresh' }, schema: { params: OrderParams, body: RetryRefundBody, response: { 200: RetryRefundAnswer } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'members');
      const { token, reason } = request.body;
      const { id, orderId } = request.params;
      const result = await adminMutation(db, staff, { token, request: { id, orderId, reason }, now: now() }, (trx) =>
        members.retryMemberRefund(trx, id, orderId, reason, now()),
      );
      if (result.status !== 200) return sendStored(reply, result);
      const refund = await sendRefund(db, provider, orderId, { again: true, now: now() });
      return { orderId, refund: refund ?? result.body.refund };
    },
  );
  app.post(
    '/admin/members/:id/suspend',
    { schema: { params: IdParams, body: SuspendBody, response: { 200: SuspendAnswer } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(db, staff, { token, request: { id, ...input }, now: now() }, (trx) =>
        members.suspendMember(trx, id, input, now()),
      );
      return sendStored(reply, result);
    },
  );

  // Reports
  app.get('/admin/reports/sales', { schema: { querystring: SalesQuery, response: { 200: SalesReport } } }, async (request, reply) => {
    await requireStaff(request, 'everything');
    const { by, format } = request.query;
    const report = await reports.salesReport(db, request.query);
    if (format === 'csv') return sendCsv(reply, `sales-${by}-${request.query.from}-${request.query.to}.csv`, reports.salesCsv(report, by));
    return report;
  });
  app.get(
    '/admin/reports/unused_balance',
    { schema: { querystring: UnusedBalanceQuery, response: { 200: UnusedBalanceReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const report = await reports.unusedBalanceReport(db, request.query.date);
      if (request.query.format === 'csv')
        return sendCsv(reply, `unused-balance-${report.referenceDate}.csv`, reports.unusedBalanceCsv(report));
      return report;
    },
  );
  app.get(
    '/admin/reports/top_titles',
    { schema: { querystring: TopTitlesQuery, response: { 200: TopTitlesReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const { from, to } = request.query;
      const report = await reports.topTitlesReport(db, request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `top-titles-${from}-${to}.csv`, reports.topTitlesCsv(report));
      return report;
    },
  );
  app.get(
    '/admin/reports/coin_packs',
    { schema: { querystring: CoinPackSalesQuery, response: { 200: CoinPackSalesReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const { from, to } = request.query;
      const report = await reports.coinPackSalesReport(db, request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `coin-packs-${from}-${to}.csv`, reports.coinPackSalesCsv(report));
      return report;
    },
  );

  // Serials, covers and samples (their own plugins)
  await app.register(adminSerialRoutes);
  await app.register(adminMediaRoutes);
};
