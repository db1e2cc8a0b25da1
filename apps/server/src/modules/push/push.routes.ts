import { PushEndpointBody, PushKeyResponse, PushSubscriptionBody, PushSubscriptionList } from '@hondana/domain/push/push-api';
import { ResultOk } from '@hondana/domain/accounts/accounts-api';
import type { Agent } from 'node:https';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/session-plugin';
import { drainPushes } from './push-send.service';
import { deleteSubscription, subscriptionsOf, upsertSubscription } from './push.repository';
import { vapidKeyPair } from './vapid';

interface PushRoutesOptions {
  /** The VAPID subject (`mailto:` the From of the store's mail). */
  subject: string;
  /** How often the push outbox is drained (the mail outbox's interval). */
  everyMs: number;
  /** The TLS agent of the push requests (tests: one that trusts the stand-in's certificate). */
  agent?: Agent | undefined;
}

/**
 * Web Push (issue 38): the store's VAPID public key, the signed-in member's browsers that take
 * notices, and the `push-outbox` job that sends the notices written by `enqueuePush`.
 */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  // DATA_DIR/secrets.json always has the pair; an app given secrets of its own without it (tests) makes one for this process.
  const vapid = app.deps.config.secrets.vapid ?? vapidKeyPair();

  app.ops.scheduler.register({
    name: 'push-outbox',
    everyMs: options.everyMs,
    run: ({ db: jobDb, now: at, signal }) =>
      drainPushes({ vapid, subject: options.subject, agent: options.agent }, { db: jobDb, now: at, signal }),
  });

  app.get('/push/key', { schema: { response: { 200: PushKeyResponse } } }, async () => ({ publicKey: vapid.publicKey }));

  app.get('/push/subscriptions', { schema: { response: { 200: PushSubscriptionList } } }, async (request) => {
    const user = await requireUser(request);
    const rows = await subscriptionsOf(db, user.userId);
    return { subscriptions: rows.map((row) => ({ endpoint: row.endpoint, createdAt: new Date(Number(row.created_at)).toISOString() })) };
  });

  app.post('/push/subscriptions', { schema: { body: PushSubscriptionBody, response: { 200: ResultOk } } }, async (request) => {
    const user = await requireUser(request);
    const { endpoint, keys } = request.body;
    await upsertSubscription(db, { user_id: user.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: now() });
    return { result: 'OK' as const };
  });

  app.delete('/push/subscriptions', { schema: { body: PushEndpointBody, response: { 200: ResultOk } } }, async (request) => {
    const user = await requireUser(request);
    await deleteSubscription(db, { userId: user.userId, endpoint: request.body.endpoint });
    return { result: 'OK' as const };
  });
};
