import { ErrorCode, AppError } from '@hondana/domain/common/errors';
import {
  BoxesAnswer,
  CampaignAnswer,
  CampaignQuery,
  CampaignsAnswer,
  ConsumeBody,
  ConsumeResponse,
  DistributionEventsAnswer,
  OrderTicketsAnswer,
  PrizesAnswer,
  TicketGrantAnswer,
  TicketsAnswer,
  ConsumeQuery,
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
import { withRetry } from '../../ledger/ledger';
import { registerTokenEndpoints } from '../../accounts/token.routes';
import { requireToken, withOneTimeToken } from '../../tokens/one-time-tokens';
import { type HumanCheck, sandboxHumanCheck } from '../../../http/human-check';
import { sendStored } from '../../../http/stored-reply';
import { type RandomInt, consumeTicket } from './lottery-draw.service';
import { grantReadEnd, grantShare, grantUrl } from './lottery-grants.service';
import { lotteryOgpImage } from './lottery-ogp';
import * as lottery from './lottery.service';

const CONSUME_TOKEN_PURPOSE = 'lottery_consume';

interface LotteryRoutesOptions {
  humanCheck?: HumanCheck;
  random?: RandomInt;
}

/** §7 Lottery calls under /api/lottery. */
export const lotteryRoutes: FastifyPluginAsync<LotteryRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const humanCheck = options.humanCheck ?? sandboxHumanCheck;
  const ok = <T>(results: T) => ({ status: { code: 0 as const }, results });

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

  app.post(
    '/lottery/tickets/consume',
    { schema: { querystring: ConsumeQuery, body: ConsumeBody, response: { 200: ConsumeResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = request.body;
      const token = requireToken(request.query.token, body.token);
      if (!(await humanCheck.verify(body.reCaptchaToken, { remoteIp: request.ip, action: 'lottery_consume' }))) {
        throw new AppError(403, ErrorCode.HUMAN_CHECK_FAILED, ['reCaptchaToken: not verified']);
      }
      const at = now();
      const result = await withRetry(() =>
        withOneTimeToken<ConsumeResponse>(
          db,
          { token, userId: user.userId, purpose: CONSUME_TOKEN_PURPOSE, request: { t: body.ticketId, b: body.boxId ?? null }, now: at },
          async (trx) => ({
            body: ok(
              await consumeTicket(trx, {
                userId: user.userId,
                ticketId: body.ticketId,
                titleId: body.titleId ?? null,
                boxId: body.boxId,
                now: at,
                ...(options.random && { random: options.random }),
              }),
            ),
          }),
        ),
      );
      reply.header('cache-control', 'private, no-store');
      return sendStored(reply, result);
    },
  );
};
