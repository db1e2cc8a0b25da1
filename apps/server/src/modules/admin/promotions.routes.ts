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
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as promotions from './promotions.service';

/**
 * The console's point campaigns (bulk-buy included), bundles and coin packs (`/api/admin/...`,
 * operators only). Each change claims its one-time token, writes its audit entry and counts a
 * `catalog` change in one transaction; this process drops its caches before answering and every
 * other process follows within a second (decision 018).
 */
export const adminPromotionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/point_campaigns', { schema: { response: { 200: PointCampaignList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { campaigns: await promotions.listPointCampaigns(db, now()) };
  });
  app.post(
    '/admin/point_campaigns',
    { schema: { body: CreatePointCampaignBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: input, now: at },
        (trx) => promotions.createPointCampaign(trx, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/point_campaigns/:id',
    { schema: { params: IdParams, body: UpdatePointCampaignBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => promotions.updatePointCampaign(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/point_campaigns/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminPointCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => promotions.endPointCampaign(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  app.get('/admin/bundles', { schema: { response: { 200: BundleList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { bundles: await promotions.listBundles(db, now()) };
  });
  app.post('/admin/bundles', { schema: { body: CreateBundleBody, response: { 200: AdminBundleView } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const at = now();
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: at },
      (trx) => promotions.createBundle(trx, request.body, at),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/bundles/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateBundleBody, response: { 200: AdminBundleView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => promotions.updateBundle(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/bundles/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminBundleView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => promotions.endBundle(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  app.get('/admin/coin_packs', { schema: { response: { 200: CoinPackList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { packs: await promotions.listCoinPacks(db) };
  });
  app.post('/admin/coin_packs', { schema: { body: CreateCoinPackBody, response: { 200: AdminCoinPackView } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => promotions.createCoinPack(trx, request.body),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/coin_packs/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateCoinPackBody, response: { 200: AdminCoinPackView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => promotions.updateCoinPack(trx, id, request.body),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/coin_packs/:id/active',
    { schema: { params: IdParams, body: CoinPackActiveBody, response: { 200: AdminCoinPackView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => promotions.setCoinPackActive(trx, id, input),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
