import { AppError } from '@hondana/domain/common/errors';
import { CardInput, CardToken } from '@hondana/domain/wallet/wallet-payments';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { takeSandboxCard } from './sandbox-cards';

/**
 * `POST /sandbox/cards` (outside `/api`: it stands for the provider's own servers, which the
 * page's card fields talk to directly): JSON `{ number, expiry, cvc }` → `{ cardId, brand, last4 }`.
 * The store's API accepts only that `cardId`, so no card number reaches the store's server. A
 * card that cannot be charged is refused with its §8 code (CLIENT_ERROR for a wrong number or an
 * expired card, UNSUPPORTED_CARD for a brand not accepted); the declining test cards are taken and
 * refused when charged (DECLINED_CARD, USER_CREDIT_CARD_LIMIT_EXCEEDED), as an issuer does.
 */
export const sandboxCardRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.post('/sandbox/cards', { schema: { body: CardInput, response: { 200: CardToken } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const taken = await takeSandboxCard(db, request.body, app.deps.clock());
    if ('kind' in taken) throw new AppError(400, taken.errorCode, [taken.message]);
    return taken;
  });
};
