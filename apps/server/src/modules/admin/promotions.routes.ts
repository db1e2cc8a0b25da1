import {
  AdminBundleView,
  AdminCoinPackView,
  AdminPointCampaignView,
  BundleList,
  CoinPackList,
  PointCampaignList,
  CoinPackActiveBody,
  CreateBundleBody,
  CreateCoinPackBody,
  CreatePointCampaignBody,
  EndBody,
  UpdateBundleBody,
  UpdateCoinPackBody,
  UpdatePointCampaignBody,
} from '@hondana/domain/admin/admin-commerce-api';
import { IdParams } from '@hondana/domain/admin/admin-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as promotions from './promotions.service';

/**
 * The console's point campaigns (bulk-buy included), bundles and coin packs (`/api/admin/...`,
 * operators only), one plugin each (registered by `adminRoutes`). Each change claims its one-time token, writes its audit entry
 * and counts a `catalog` change in one transaction; this process drops its caches before answering
 * and every other process follows within a second (decision 018).
 */
/** Point campaigns (bulk-buy included): list, create, edit against the version read, end. */
export const adminPointCampaignRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/point_campaigns', { schema: { response: { 200: PointCampaignList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { campaigns: await promotions.listPointCampaigns(db, app.deps.clock().getTime()) };
  });
  app.post(
    '/admin/point_campaigns',
    { schema: { body: CreatePointCampaignBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) =>
        promotions.createPointCampaign(trx, request.body, at),
      );
    },
  );
  app.put(
    '/admin/point_campaigns/:id',
    { schema: { params: IdParams, body: UpdatePointCampaignBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        promotions.updatePointCampaign(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/point_campaigns/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        promotions.endPointCampaign(trx, id, version, at),
      );
    },
  );
};

/** Bundles: list, create, edit against the version read (its price: the second factor given in the last ten minutes), end. */
export const adminBundleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/bundles', { schema: { response: { 200: BundleList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { bundles: await promotions.listBundles(db, app.deps.clock().getTime()) };
  });
  app.post('/admin/bundles', { schema: { body: CreateBundleBody, response: { 200: AdminBundleView } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => promotions.createBundle(trx, request.body, at));
  });
  app.put(
    '/admin/bundles/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateBundleBody, response: { 200: AdminBundleView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        promotions.updateBundle(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/bundles/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminBundleView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        promotions.endBundle(trx, id, version, at),
      );
    },
  );
};

/** Coin packs: list, create, edit (the second factor given in the last ten minutes), switch on and off. */
export const adminCoinPackRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/coin_packs', { schema: { response: { 200: CoinPackList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { packs: await promotions.listCoinPacks(db) };
  });
  app.post('/admin/coin_packs', { schema: { body: CreateCoinPackBody, response: { 200: AdminCoinPackView } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx) => promotions.createCoinPack(trx, request.body));
  });
  app.put(
    '/admin/coin_packs/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateCoinPackBody, response: { 200: AdminCoinPackView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx) =>
        promotions.updateCoinPack(trx, id, request.body),
      );
    },
  );
  app.post(
    '/admin/coin_packs/:id/active',
    { schema: { params: IdParams, body: CoinPackActiveBody, response: { 200: AdminCoinPackView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx) => promotions.setCoinPackActive(trx, id, input));
    },
  );
};
