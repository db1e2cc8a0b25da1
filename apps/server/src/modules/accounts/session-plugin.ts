import { unauthorized } from '@hondana/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionUser, findSessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of the session lookup: resolved at most once per request, and only when asked. */
    sessionLookup: Promise<SessionUser | null> | null;
  }
}

/** The member of this request's session cookie, or null for a guest; no query without a cookie. */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionLookup) return request.sessionLookup;
  const secret = request.cookies[SESSION_COOKIE];
  const { database, clock } = request.server.deps;
  request.sessionLookup = secret ? findSessionUser(database.db, secret, clock().getTime()) : Promise.resolve(null);
  return request.sessionLookup;
}

/** The member of this request, or 401 UNAUTHORIZED (§6: every member call). */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

export function setSessionCookie(reply: FastifyReply, secret: string): void {
  reply.setCookie(SESSION_COOKIE, secret, sessionCookieOptions(reply.server));
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export const sessionCookieOptions = (app: FastifyInstance) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.deps.config.cookieSecure,
    maxAge: SESSION_TTL_MS / 1000,
  }) as const;

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('sessionLookup', null);
});
