import { Liveness, Readiness } from '@hondana/domain/ops/health-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * `GET /healthz`: the process answers (liveness; no dependency is checked, so a database outage
 * does not get every process restarted). `GET /readyz`: the process should get traffic: the
 * database answers, the migrations are applied, the media store is reachable and the process is
 * not shutting down; 503 with the failing checks otherwise.
 */
export const healthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { response: { 200: Liveness } } }, (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
  app.get('/readyz', { schema: { response: { 200: Readiness, 503: Readiness } } }, async (_request, reply) => {
    const report = await app.ops.readiness.report();
    reply.status(report.ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: report.ready ? ('ready' as const) : ('not ready' as const), checks: report.checks };
  });
};
