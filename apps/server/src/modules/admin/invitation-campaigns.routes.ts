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
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
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
  const now = () => app.deps.clock().getTime();

  app.get(
    '/admin/invitation_campaigns',
    { schema: { querystring: InvitationCampaignListQuery, response: { 200: InvitationCampaignList } } },
    async (request) => {
      await requireStaff(request, 'members');
      return { campaigns: await invitations.listInvitationCampaigns(db, request.query.state, now()) };
    },
  );
  app.post(
    '/admin/invitation_campaigns',
    { schema: { body: CreateInvitationCampaignBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: input, now: at },
        (trx) => invitations.createInvitationCampaign(trx, input, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/invitation_campaigns/:id',
    { schema: { params: IdParams, body: UpdateInvitationCampaignBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => invitations.updateInvitationCampaign(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/invitation_campaigns/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminInvitationCampaignView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => invitations.endInvitationCampaign(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
