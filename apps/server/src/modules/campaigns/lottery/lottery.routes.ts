import {
  BoxesAnswer,
  CampaignAnswer,
  CampaignQuery,
  CampaignsAnswer,
  DistributionEventsAnswer,
  OrderTicketsAnswer,
  PrizesAnswer,
  TicketGrantAnswer,
  TicketsAnswer,
  OgpQuery,
  OrderQuery,
  PrizesQuery,
  ReadEndQuery,
  TicketsQuery,
  UrlQuery,
} from '@hondana/domain/campaigns/lottery-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../accounts/session-plugin';
import { registerTokenEndpoints } from '../../accounts/token.routes';
import { type HumanCheck, sandboxHumanCheck } from '../../../http/human-check';
import type { GiveCoupon, RandomInt } from './lottery-draw.service';
import { CONSUME_TOKEN_PURPOSE, lotteryConsumeRoutes, ok } from './lottery-consume.routes';
import { grantReadEnd, grantShare, grantUrl } from './lottery-grants.service';
import { lotteryOgpImage } from './lottery-ogp';
import * as lottery from './lottery.service';

interface LotteryRoutesOptions {
  humanCheck?: HumanCheck;
  random?: RandomInt;
  /** The cart's coupon prize grant (`app.ts`). */
  giveCoupon: GiveCoupon;
}

/** §7 Lottery calls under /api/lottery. */
export const lotteryRoutes: FastifyPluginAsync<LotteryRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const humanCheck = options.humanCheck ?? sandboxHumanCheck;

  registerTokenEndpoints(app, { '/lottery/tickets/create_token': CONSUME_TOKEN_PURPOSE });

  app.get('/lottery/campaign', { schema: { querystring: CampaignQuery, response: { 200: CampaignAnswer } } }, async (request) =>
    ok(await lottery.campaign(db, request.query.lottery_campaign_id, now())),
  );
  app.get('/lottery/campaigns', { schema: { response: { 200: CampaignsAnswer } } }, async () => ok(await lottery.campaigns(db, now())));
  app.get('/lottery/boxes', { schema: { querystring: CampaignQuery, response: { 200: BoxesAnswer } } }, async (request) =>
    ok(await lottery.boxes(db, request.query.lottery_campaign_id, now())),
  );

  app.get('/lottery/ogp_image', { schema: { querystring: OgpQuery } }, async (request, reply) => {
    const png = await lotteryOgpImage(db, request.query);
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=300').send(png);
  });

  app.get('/lottery/tickets/read_end', { schema: { querystring: ReadEndQuery, response: { 200: TicketGrantAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await grantReadEnd(db, { userId: user.userId, bookId: request.query.book_id, now: now() }));
  });
  app.get('/lottery/tickets/share', { schema: { response: { 200: TicketGrantAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await grantShare(db, { userId: user.userId, now: now() }));
  });
  app.get('/lottery/tickets/url', { schema: { querystring: UrlQuery, response: { 200: TicketGrantAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await grantUrl(db, { userId: user.userId, linkId: request.query.link_id, now: now() }));
  });

  app.get('/lottery/tickets/me', { schema: { querystring: TicketsQuery, response: { 200: TicketsAnswer } } }, async (request) => {
    const user = await requireUser(request);
    const q = request.query;
    return ok(
      await lottery.myTickets(db, user.userId, {
        campaignId: q.lottery_campaign_id,
        used: q.used_flg === undefined ? undefined : q.used_flg === 1,
        offset: q.offset,
        limit: q.limit,
      }),
    );
  });
  app.get('/lottery/prizes/me', { schema: { querystring: PrizesQuery, response: { 200: PrizesAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(
      await lottery.myPrizes(db, user.userId, {
        ticketId: request.query.ticket_id,
        offset: request.query.offset,
        limit: request.query.limit,
      }),
    );
  });
  app.get('/lottery/campaigns/order', { schema: { querystring: OrderQuery, response: { 200: OrderTicketsAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await lottery.orderTickets(db, user.userId, request.query.order_id));
  });
  app.get('/lottery/ticket_distribution_events/me', { schema: { response: { 200: DistributionEventsAnswer } } }, async (request) => {
    const user = await requireUser(request);
    return ok(await lottery.myDistributionEvents(db, user.userId, now()));
  });
  lotteryConsumeRoutes(app, { db, now, humanCheck, random: options.random, giveCoupon: options.giveCoupon });
};
