import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminLotteryCampaignView,
  CreateLotteryCampaignBody,
  LotteryCampaignList,
  LotteryCampaignListQuery,
  UpdateLotteryCampaignBody,
} from '@hondana/domain/admin/admin-lottery-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as lotteries from './lottery-campaigns.service';

/**
 * The console's lottery campaigns (`/api/admin/lottery_campaigns`): support reads the list (it
 * answers members about their tickets and prizes), operators create, edit against the version read
 * (409 when it moved) and end. The store reads the lottery
 * tables on every call (nothing cached), so a change shows at once; each still counts a `catalog`
 * change, as the other editors' do, so every process's cached pages follow within a second.
 */
export const adminLotteryCampaignRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/lottery_campaigns',
    { schema: { querystring: LotteryCampaignListQuery, response: { 200: LotteryCampaignList } } },
    async (request) => {
      // 'members': what support may do (it reads a campaign to answer members); writes are 'everything'.
      await requireStaff(request, 'members');
      return { campaigns: await lotteries.listLotteryCampaigns(db, request.query.state, app.deps.clock().getTime()) };
    },
  );
  app.post(
    '/admin/lottery_campaigns',
    { schema: { body: CreateLotteryCampaignBody, response: { 200: AdminLotteryCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) =>
        lotteries.createLotteryCampaign(trx, request.body, at),
      );
    },
  );
  app.put(
    '/admin/lottery_campaigns/:id',
    { schema: { params: IdParams, body: UpdateLotteryCampaignBody, response: { 200: AdminLotteryCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        lotteries.updateLotteryCampaign(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/lottery_campaigns/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminLotteryCampaignView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        lotteries.endLotteryCampaign(trx, id, version, at),
      );
    },
  );
};
