import {
  AdultCheckResponse,
  ModProfileBody,
  ModProfileQuery,
  ResultOk,
  SetSnsQuery,
  SetSnsResponse,
  SpecifyTopBody,
  SpecifyTopResponse,
  TokenQuery,
  UpdateUserLoginQuery,
  UserProfile,
} from '@hondana/domain/accounts/accounts-api';
import { CreatedToken, OkResponse } from '@hondana/domain/common/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { digest } from '../tokens/secrets';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import type { AccountRouteContext } from './account-route-context';
import * as accounts from './accounts.service';
import { registerSpecifyTop, setSns, updateUserLogin } from './app-settings.service';
import { clearSessionCookie, requireUser, sessionSecret } from './session-plugin';
import { createTokenResponse } from './token.routes';
import { type WithdrawalParts, withdraw } from './withdrawal.service';

/** §7 "User and common", a member's own: the app's settings, the profile (read and changed), withdrawal and the adult check. */
export function memberProfileRoutes(base: FastifyInstance, { db, now }: AccountRouteContext, withdrawal: WithdrawalParts): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/user_specify_top/register', { schema: { body: SpecifyTopBody, response: { 200: SpecifyTopResponse } } }, async (request) =>
    registerSpecifyTop(db, (await requireUser(request)).userId, request.body.page_type, now().getTime()),
  );
  app.get('/common/update_user_login', { schema: { querystring: UpdateUserLoginQuery, response: { 200: OkResponse } } }, async (request) =>
    updateUserLogin(db, (await requireUser(request)).userId, request.query, now().getTime()),
  );
  app.get('/user/set_sns', { schema: { querystring: SetSnsQuery, response: { 200: SetSnsResponse } } }, async (request) =>
    setSns(db, (await requireUser(request)).userId, { authName: request.query.auth_name, status: request.query.status }, now().getTime()),
  );

  app.get('/user/get_profile', { schema: { response: { 200: UserProfile } } }, async (request) =>
    accounts.getProfile(db, (await requireUser(request)).userId, now()),
  );

  app.get('/user/create_token', { schema: { response: { 200: CreatedToken } } }, (request) => createTokenResponse(request, 'user'));

  app.post(
    '/user/mod_profile',
    { schema: { querystring: ModProfileQuery, body: ModProfileBody, response: { 200: ResultOk } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const use = { token: request.query.token, userId: user.userId, purpose: 'user', now: now().getTime() };
      const result = await withOneTimeToken(db, { ...use, request: { mod_profile: request.body } }, async (trx) => ({
        body: await accounts.modProfile(trx, user.userId, request.body),
      }));
      return sendStored(reply, result);
    },
  );

  app.get('/user/withdrawal', { schema: { querystring: TokenQuery, response: { 200: ResultOk } } }, async (request, reply) => {
    const user = await requireUser(request);
    const use = { token: request.query.token, userId: user.userId, purpose: 'user', now: now().getTime() };
    const sessionHash = digest(sessionSecret(request)!);
    const result = await withOneTimeToken(db, { ...use, request: { withdrawal: true } }, async (trx) => ({
      body: await withdraw(trx, withdrawal, user.userId, sessionHash, now().getTime()),
    }));
    if (result.status === 200) {
      clearSessionCookie(reply);
      await withdrawal.afterwards?.(db, user.userId, now().getTime());
    }
    return sendStored(reply, result);
  });

  app.get('/adult/check', { schema: { response: { 200: AdultCheckResponse } } }, async (request) =>
    accounts.confirmAdult(db, await requireUser(request), now()),
  );
}
