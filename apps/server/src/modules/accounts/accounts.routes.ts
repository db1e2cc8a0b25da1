import { tokyoDay } from '@hondana/domain/common/time';
import {
  AdultCheckResponse,
  CallbackQuery,
  LoginBody,
  LoginResponse,
  LoginSessionValidity,
  ModProfileBody,
  ModProfileQuery,
  ResultOk,
  ServerTime,
  SetSnsQuery,
  SetSnsResponse,
  SignupBody,
  SignupResponse,
  SpecifyTopBody,
  SpecifyTopResponse,
  TokenQuery,
  UpdateUserLoginQuery,
  UserProfile,
  UserStatus,
} from '@hondana/domain/accounts/accounts-api';
import { safeCallback } from '@hondana/domain/accounts/accounts';
import { CreatedToken, OkResponse } from '@hondana/domain/common/responses';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import * as accounts from './accounts.service';
import { registerSpecifyTop, setSns, updateUserLogin } from './app-settings.service';
import { type AuthAttemptKind, authAttempt, tooManyAttempts } from './auth-attempts';
import { clearSessionCookie, requireUser, sessionSecret, sessionUser, setSessionCookie } from './session-plugin';
import { deleteSession } from './sessions';
import { moneyStatus, userStatus } from './status';
import { createTokenResponse } from './token.routes';
import { accountSettingsRoutes } from './account-settings.routes';
import { type WithdrawalParts, withdraw } from './withdrawal.service';
import { digest } from '../tokens/secrets';

/** The browser and address a session starts from (the sessions list names them). */
const deviceOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '', address: request.ip });

/** Accounts (§6, §7 "User and common"): signup, login, sessions, status, profile, adult check. */
export const accountsRoutes: FastifyPluginAsync<{ authRateLimit: number; withdrawal: WithdrawalParts }> = async (
  base,
  { authRateLimit, withdrawal },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock();

  /** Runs a login or signup within the per-address and per-account limits (`auth-attempts.ts`). */
  const limited = async <T>(request: FastifyRequest, reply: FastifyReply, kind: AuthAttemptKind, email: string, run: () => Promise<T>) => {
    const attempt = await authAttempt(db, { kind, address: request.ip, email, max: authRateLimit, now: now().getTime() });
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw tooManyAttempts();
    }
    const result = await run();
    await attempt.succeeded();
    return result;
  };

  app.post(
    '/auth/signup',
    { schema: { body: SignupBody, querystring: CallbackQuery, response: { 200: SignupResponse } } },
    async (request, reply) => {
      const signedIn = await limited(request, reply, 'signup', request.body.email, () =>
        accounts.signup(db, request.body, now(), deviceOf(request)),
      );
      setSessionCookie(reply, signedIn.sessionSecret);
      const callback = safeCallback(request.query.callback_url ?? request.query.callback);
      return { userId: signedIn.userId, callback, redirect: request.query.redirect === 'true' };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: LoginBody, querystring: CallbackQuery, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const signedIn = await limited(request, reply, 'login', request.body.email, () =>
        accounts.login(db, request.body, now(), deviceOf(request)),
      );
      setSessionCookie(reply, signedIn.sessionSecret);
      return { userId: signedIn.userId, callback: safeCallback(request.query.callback) };
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: ResultOk } } }, async (request, reply) => {
    const secret = sessionSecret(request);
    if (secret) await deleteSession(db, secret);
    clearSessionCookie(reply);
    return { result: 'OK' as const };
  });

  // A guest's status changes only with the Tokyo day and the maintenance mode, so its JSON is
  // kept until either changes. It is sent as a string, which the route's serialiser passes
  // through: the schema is applied when the JSON is built instead.
  const { maintenance } = app.deps;
  let guestStatus = { baseDate: '', mode: '', json: '' };
  const sendGuestStatus = (reply: FastifyReply, instant: Date) => {
    if (guestStatus.baseDate !== tokyoDay(instant) || guestStatus.mode !== maintenance.mode) {
      const status = userStatus(null, instant, undefined, maintenance.mode);
      guestStatus = { baseDate: status.baseDate, mode: status.maintenanceMode, json: JSON.stringify(UserStatus.parse(status)) };
    }
    return reply.type('application/json; charset=utf-8').send(guestStatus.json);
  };
  const memberStatus = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await sessionUser(request);
    const instant = now();
    if (!user) return sendGuestStatus(reply, instant);
    return userStatus(user, instant, await moneyStatus(db, user.userId, instant.getTime()), maintenance.mode);
  };
  // Without a session cookie the answer is sent in the same tick: no promise for Fastify and
  // the timeout sweep to follow on the most polled call.
  app.get('/common/get_status', { schema: { response: { 200: UserStatus } } }, (request, reply) => {
    if (sessionSecret(request)) return memberStatus(request, reply);
    sendGuestStatus(reply, now());
  });

  app.get('/common/get_time', { schema: { response: { 200: ServerTime } } }, async () => {
    const instant = now();
    return { epochMillis: instant.getTime(), datetime: instant.toISOString(), timeZone: 'Asia/Tokyo' as const };
  });

  app.get('/common/is_valid_login_session', { schema: { response: { 200: LoginSessionValidity } } }, async (request) => ({
    isValid: (await sessionUser(request)) !== null,
  }));

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

  await app.register(accountSettingsRoutes, { authRateLimit, withdrawal });

  app.get('/adult/check', { schema: { response: { 200: AdultCheckResponse } } }, async (request) =>
    accounts.confirmAdult(db, await requireUser(request), now()),
  );
};
