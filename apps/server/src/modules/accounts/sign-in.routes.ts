import { CallbackQuery, LoginBody, LoginResponse, ResultOk, SignupBody, SignupResponse } from '@hondana/domain/accounts/accounts-api';
import { safeCallback } from '@hondana/domain/accounts/accounts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountRouteContext } from './account-route-context';
import * as accounts from './accounts.service';
import { type AuthAttemptKind, authAttempt, tooManyAttempts } from './auth-attempts';
import { clearSessionCookie, sessionSecret, setSessionCookie } from './session-plugin';
import { deleteSession } from './sessions';

/** The browser and address a session starts from (the sessions list names them). */
const deviceOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '', address: request.ip });

/** §6 signing up, logging in (both within the attempt limits) and logging out. */
export function signInRoutes(base: FastifyInstance, { db, now }: AccountRouteContext, authRateLimit: number): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
