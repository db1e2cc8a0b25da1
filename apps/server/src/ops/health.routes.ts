import type { FastifyPluginAsync } from 'fastify';

/**
 * `GET /healthz`: the process answers (liveness; no dependency is checked, so a database outage
 * does not get every process restarted). `GET /readyz`: the process should get traffic: the
 * database answers, the migrations are applied, the media store is reachable and the process is
 * not shutting down; 503 with the failing checks otherwise.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const report = await app.ops.readiness.report();
    return reply
      .status(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: report.ready ? 'ready' : 'not ready', checks: report.checks });
  });
};
