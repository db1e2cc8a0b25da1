import { LoginSessionValidity, ServerTime, UserStatus } from '@hondana/domain/accounts/accounts-api';
import { tokyoDay } from '@hondana/domain/common/time';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountRouteContext } from './account-route-context';
import { sessionSecret, sessionUser } from './session-plugin';
import { moneyStatus, userStatus } from './status';

/** §7 "User and common": the most polled call, get_status (the viewer's state and the store's mode), the server's time and whether the session holds. */
export function commonStatusRoutes(base: FastifyInstance, { db, now }: AccountRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
