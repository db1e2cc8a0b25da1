import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminInvitationCampaignView,
  CreateInvitationCampaignBody,
  InvitationCampaignList,
  InvitationCampaignListQuery,
  UpdateInvitationCampaignBody,
} from '@hondana/domain/admin/admin-invitations-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as invitations from './invitation-campaigns.service';

/**
 * The console's friend invitation campaigns (`/api/admin/invitation_campaigns`): support reads
 * the list, operators create, edit against the version read (409 when it moved) and end. The
 * store reads the campaigns on every call (nothing cached), so a change shows at once; each still
 * counts a `catalog` change, as the other editors' do, so every process's cached pages follow
 * within a second.
 */
export const adminInvitationCampaignRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/invitation_campaigns',
    { schema: { querystring: InvitationCampaignListQuery, response: { 200: InvitationCampaignList } } },
    async (request) => {
      await requireStaff(request, 'members');
      return { campaigns: await invitations.listInvitationCampaigns(db, request.query.state, app.deps.clock().getTime()) };
    },
  );
  app.post(
    '/admin/invitation_campaigns',
    { schema: { body: CreateInvitationCampaignBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) =>
        invitations.createInvitationCampaign(trx, input, at),
      );
    },
  );
  app.put(
    '/admin/invitation_campaigns/:id',
    { schema: { params: IdParams, body: UpdateInvitationCampaignBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        invitations.updateInvitationCampaign(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/invitation_campaigns/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        invitations.endInvitationCampaign(trx, id, version, at),
      );
    },
  );
};
