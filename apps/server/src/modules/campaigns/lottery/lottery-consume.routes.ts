import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { ConsumeBody, ConsumeQuery, ConsumeResponse } from '@hondana/domain/campaigns/lottery-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { HumanCheck } from '../../../http/human-check';
import { sendStored } from '../../../http/stored-reply';
import { withRetry } from '../../ledger/ledger';
import { requireUser } from '../../accounts/session-plugin';
import { requireToken, withOneTimeToken } from '../../tokens/one-time-tokens';
import { type GiveCoupon, type RandomInt, consumeTicket } from './lottery-draw.service';

export const CONSUME_TOKEN_PURPOSE = 'lottery_consume';

/** A lottery answer: status code 0 and its results. */
export const ok = <T>(results: T) => ({ status: { code: 0 as const }, results });

interface LotteryConsumeParts {
  db: Kysely<Database>;
  now: () => number;
  humanCheck: HumanCheck;
  random?: RandomInt;
  giveCoupon: GiveCoupon;
}

/** §7 drawing: a ticket consumed (once per token, after a human check) on a box, its prize drawn. */
export function lotteryConsumeRoutes(base: FastifyInstance, options: LotteryConsumeParts): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now, humanCheck } = options;
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
                giveCoupon: options.giveCoupon,
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
}
