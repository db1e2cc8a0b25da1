import {
  BannersAnswer,
  BannersQuery,
  CampaignAnswer,
  CampaignIdQuery,
  CampaignsAnswer,
  CampaignsQuery,
  CodeInspectionAnswer,
  CodeQuery,
  GrantBody,
  IncentiveTicketAnswer,
  InviterInfoAnswer,
  InviterViewAnswer,
  LinkUrlsBody,
  NonLoginAppealAnswer,
  ReachBannersAnswer,
  ShortLinksAnswer,
  SlugParams,
} from '@hondana/domain/invitations/invitations-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import { forgetKeptAppeals, nonLoginAppeal, reachBannersV2, reachBannersV3 } from './reach-banners.service';
import { grantInvitee, incentiveTicket, inspect } from './invitee-grant.service';
import { codeCampaign, inviterInfo, listCampaigns } from './invitations.service';
import { SHORT_LINK_PREFIX, linkUrls, resolveShortLink } from './links.service';

const ok = <T>(results: T) => ({ status: { code: 0 as const }, results });
const noStore = 'private, no-store';

/** §7 Invitations and Banners under /api. */
export const invitationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  // The pages' kept appeal (`keptNonLoginAppeal`) follows the console's edits.
  app.deps.changes.subscribe('catalog', () => forgetKeptAppeals(db));

  app.get('/invitation/campaigns', { schema: { querystring: CampaignsQuery, response: { 200: CampaignsAnswer } } }, async (request) =>
    ok(await listCampaigns(db, request.query, now())),
  );

  app.get('/invitation/campaign/incentive/ticket', { schema: { response: { 200: IncentiveTicketAnswer } } }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', noStore);
    return ok(await incentiveTicket(db, user.userId, now()));
  });

  app.get(
    '/invitation/campaign/incentive/inviter/info',
    { schema: { querystring: CampaignIdQuery, response: { 200: InviterInfoAnswer } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', noStore);
      return ok((await inviterInfo(db, user.userId, request.query.invitation_campaign_id, now())).info);
    },
  );
  app.get(
    '/invitation/campaign/incentive/inviter/info/v2',
    { schema: { querystring: CampaignIdQuery, response: { 200: InviterViewAnswer } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', noStore);
      return ok(await inviterInfo(db, user.userId, request.query.invitation_campaign_id, now()));
    },
  );

  app.get('/invitation/code/campaign', { schema: { querystring: CodeQuery, response: { 200: CampaignAnswer } } }, async (request) =>
    ok(await codeCampaign(db, request.query.code, now())),
  );
  app.get(
    '/invitation/code/inspection',
    { schema: { querystring: CodeQuery, response: { 200: CodeInspectionAnswer } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', noStore);
      return ok(await inspect(db, user.userId, request.query.code, now()));
    },
  );

  app.post('/invitation/link/urls', { schema: { body: LinkUrlsBody, response: { 200: ShortLinksAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await linkUrls(db, user.userId, request.body, `${request.protocol}://${request.host}`, now()));
  });

  app.post(
    '/invitation/campaign/incentive/invitee/grant',
    { schema: { body: GrantBody, response: { 200: IncentiveTicketAnswer } } },
    async (request) => {
      const user = await requireUser(request);
      return ok(await grantInvitee(db, user.userId, request.body.code, now()));
    },
  );

  app.get(
    '/reach_banner/get_banners/v2',
    { schema: { querystring: BannersQuery, response: { 200: ReachBannersAnswer } } },
    async (request) => ok(await reachBannersV2(db, now(), request.query.location)),
  );
  app.get('/reach_banner/get_banners/v3', { schema: { querystring: BannersQuery, response: { 200: BannersAnswer } } }, async (request) =>
    ok(await reachBannersV3(db, now(), request.query.location)),
  );
  app.get('/non_login_appeal', { schema: { response: { 200: NonLoginAppealAnswer } } }, async (request, reply) => {
    const user = await sessionUser(request);
    reply.header('cache-control', noStore);
    return ok(await nonLoginAppeal(db, now(), user !== null));
  });
};

/** Short links (`/i/{slug}`) on the store's origin: a redirect to the appeal page with the code and utm parameters. */
export const invitationLinkRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(`${SHORT_LINK_PREFIX}:slug`, { schema: { params: SlugParams } }, async (request, reply) => {
    const target = await resolveShortLink(db, request.params.slug);
    return reply.redirect(target ?? '/invitation', 302);
  });
};
