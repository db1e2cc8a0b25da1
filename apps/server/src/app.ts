import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@hondana/domain/errors';
import { type Clock, systemClock } from '@hondana/domain/time';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { apiNotFound, registerErrorHandling } from './http/errors';
import { lazyChildLoggerFactory } from './http/lazy-child-logger';
import { registerPerRequest } from './http/per-request';
import { accountsRoutes } from './modules/accounts/routes';
import { sessionPlugin } from './modules/accounts/session-plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { ordersRoutes } from './modules/orders/routes';
import { walletRoutes } from './modules/wallet/routes';
import { readingRoutes } from './modules/reading/routes';
import { noticesRoutes } from './modules/notices/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { serialsRoutes } from './modules/serials/routes';
import { cartRoutes } from './modules/cart/routes';
import { mediaRoutes } from './media/routes';
import { webPlugin } from './web/web-plugin';

export interface AppOptions {
  database: DatabaseHandle;
  config: Pick<Config, 'cookieSecure' | 'dataDir' | 'secrets'> & Partial<Pick<Config, 'guestPageCacheSeconds'>>;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per client on login and signup. */
  authRateLimit?: number;
  /** Milliseconds before a request is answered 408 (§9: 30000). */
  requestTimeoutMs?: number;
  /** Serve the server-rendered store pages (needs `apps/web/build`); off in API tests. */
  web?: boolean;
}

/** What every module's routes and services share. */
export interface AppDeps {
  database: DatabaseHandle;
  clock: Clock;
  config: AppOptions['config'];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Request ids unique across restarts: a random prefix per process and a counter (a UUID per
 * request measured 3% of a polled call's throughput).
 */
function requestIds(): () => string {
  const boot = crypto.randomUUID().slice(0, 8);
  let count = 0;
  return () => `${boot}-${(++count).toString(36)}`;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    trustProxy: true,
    // Per-request access lines cost a third of the throughput; errors are still logged with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { database: options.database, clock: options.clock ?? systemClock, config: options.config });

  const perRequest = registerPerRequest(app, { timeoutMs: options.requestTimeoutMs ?? 30_000 });
  registerErrorHandling(app, perRequest.secure);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, errorCode: ErrorCode.TOO_MANY_REQUESTS, ttl: ctx.ttl }),
  });
  await app.register(sessionPlugin);

  await app.register(
    async (api) => {
      api.setNotFoundHandler(perRequest.notFound(apiNotFound));
      await api.register(accountsRoutes, { authRateLimit: options.authRateLimit ?? 10 });
      await api.register(catalogRoutes);
      await api.register(walletRoutes);
      await api.register(ordersRoutes);
      await api.register(readingRoutes);
      await api.register(reviewsRoutes);
      await api.register(noticesRoutes);
      await api.register(serialsRoutes);
      await api.register(cartRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  if (options.web) {
    await app.register(webPlugin, {
      authRateLimit: options.authRateLimit ?? 10,
      guestPageCacheSeconds: options.config.guestPageCacheSeconds ?? 0,
      perRequest,
    });
  }
  else app.setNotFoundHandler(perRequest.notFound(apiNotFound));
  return app;
}
