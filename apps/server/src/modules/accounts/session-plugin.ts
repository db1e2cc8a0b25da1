import { unauthorized } from '@hondana/domain/common/errors';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SessionActivity } from './session-activity';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionUser, findSessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of the session lookup: resolved at most once per request, and only when asked. */
    sessionLookup: Promise<SessionUser | null> | null;
  }
  interface FastifyInstance {
    /** Told of the member of each request whose session was looked up (`onMemberSeen`). */
    memberSeenListeners: MemberSeenListener[];
    /** The sessions' "last seen" (`session-activity.ts`). */
    sessionActivity: SessionActivity;
  }
}

/** Called with the member of a request, in the request's tick: must not wait for anything. */
type MemberSeenListener = (userId: number) => void;

/**
 * Tells `listener` of every member a request is made for: every page load (its load context
 * looks the session up) and every member call, `get_status` included. Synchronous and cheap by
 * contract; a listener that writes does so off the request path.
 */
export function onMemberSeen(app: FastifyInstance, listener: MemberSeenListener): void {
  app.memberSeenListeners.push(listener);
}

function tellMemberSeen(listeners: readonly MemberSeenListener[], user: SessionUser | null): SessionUser | null {
  if (user) for (const listener of listeners) listener(user.userId);
  return user;
}

/**
 * The session cookie's secret, read from the Cookie header when a call asks for it. The session
 * is the only cookie the server reads, so there is no cookie plugin: its hooks parsed every
 * request's header and ran on every reply, polled calls included (get_status must keep 70% of a bare server's throughput).
 */
export function sessionSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] || undefined : undefined;
}

/** The member of this request's session cookie, or null for a guest; no query without a cookie. */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionLookup) return request.sessionLookup;
  const secret = sessionSecret(request);
  const { database, clock } = request.server.deps;
  const listeners = request.server.memberSeenListeners;
  const now = clock().getTime();
  const lookup = secret ? findSessionUser(database.db, secret, now) : null;
  const activity = request.server.sessionActivity;
  request.sessionLookup = !lookup
    ? Promise.resolve(null)
    : lookup.then((user) => {
        if (user) activity.seen(secret!, now);
        return listeners.length === 0 ? user : tellMemberSeen(listeners, user);
      });
  return request.sessionLookup;
}

/**
 * Gives the request the member its session cookie stands for, read by the caller in a statement
 * of its own (the pages' member statement): later `sessionUser` calls take it without a query,
 * and the member-seen listeners are told as by `sessionUser`.
 */
export function keepSessionUser(request: FastifyRequest, user: SessionUser | null): void {
  const secret = sessionSecret(request);
  if (user && secret) request.server.sessionActivity.seen(secret, request.server.deps.clock().getTime());
  request.sessionLookup = Promise.resolve(tellMemberSeen(request.server.memberSeenListeners, user));
}

/**
 * A member call's `preValidation`: a guest is answered 401 before the call's input is judged by
 * its schema, whatever it sent (§6: every member call answers 401 without a session). The
 * handler's `requireUser` then takes the member this looked up.
 */
export async function memberFirst(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/** The member of this request, or 401 UNAUTHORIZED (§6: every member call). */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** The Set-Cookie value that starts a session (httpOnly, SameSite=Lax, secure when configured). */
export function sessionSetCookie(app: FastifyInstance, secret: string): string {
  return sessionCookie(app, secret, SESSION_TTL_MS / 1000);
}

/** The Set-Cookie value that ends the session in the browser. */
export function clearedSessionSetCookie(app: FastifyInstance): string {
  return sessionCookie(app, '', 0);
}

const sessionCookie = (app: FastifyInstance, value: string, maxAge: number) =>
  stringifySetCookie({
    name: SESSION_COOKIE,
    value,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.deps.config.cookieSecure,
    maxAge,
    ...(maxAge === 0 ? { expires: new Date(0) } : {}),
  });

export function setSessionCookie(reply: FastifyReply, secret: string): void {
  reply.header('set-cookie', sessionSetCookie(reply.server, secret));
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('set-cookie', clearedSessionSetCookie(reply.server));
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('sessionLookup', null);
  app.decorate('memberSeenListeners', []);
  const activity = new SessionActivity(
    () => app.deps.database.db,
    (error) => app.log.error({ err: error }, 'session last seen not written'),
  );
  app.decorate('sessionActivity', activity);
  app.addHook('onClose', () => activity.settled());
});
