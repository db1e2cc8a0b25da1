import { AppError, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import { type CspReportBody, CspReportAccepted } from '@hondana/domain/ops/csp-report-api';
import { cspReportSchemaOf, violationsOf } from '@hondana/domain/ops/csp-report';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { takeAttempt } from './rate-limiter';

/** Reports per client address a minute; the rest answer 429 and are not logged (a page in a loop, or someone flooding the log). */
export const CSP_REPORTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** A report is a few hundred bytes; a Reporting API batch of them stays well under this. */
const REPORT_BODY_LIMIT = 64 * 1024;

/** The directives a violation is counted under; any other name is counted as `other` (the label stays bounded). */
const COUNTED = new Set([
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'frame-src',
  'worker-src',
  'manifest-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'default-src',
]);

/** What this process received at `/api/csp-report`, for `/metrics` (`ops/metrics.ts`). */
export class CspReportCounts {
  /** Violations by effective directive. */
  readonly violations = new Map<string, number>();
  /** Requests refused by the rate limit. */
  limited = 0;

  count(directive: string): void {
    const label = COUNTED.has(directive) ? directive : 'other';
    this.violations.set(label, (this.violations.get(label) ?? 0) + 1);
  }
}

interface CspReportRoutesOptions {
  counts: CspReportCounts;
}

/**
 * `POST /api/csp-report` (docs/architecture.md, "Content-Security-Policy"): the pages' Content-Security-Policy sends here what it
 * blocked, as `application/csp-report` (`report-uri`) or `application/reports+json` (`report-to`).
 * Each violation is logged as a warning with the request id and counted by directive; a client
 * address gets `CSP_REPORTS_PER_MINUTE` reports a minute, counted in the database like the login
 * limits (`rate-limiter.ts`), so every process shares them.
 */
export const cspReportRoutes: FastifyPluginAsync<CspReportRoutesOptions> = async (base, { counts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    json,
  );

  app.post(
    '/csp-report',
    // The body's schema depends on its shape (`cspReportSchemaOf`), so it is checked here, naming the field.
    { bodyLimit: REPORT_BODY_LIMIT, schema: { response: { 204: CspReportAccepted } } },
    async (request, reply) => {
      const parsed = cspReportSchemaOf(request.body).safeParse(request.body);
      if (!parsed.success) {
        // The reports' own field names have hyphens (`csp-report`, `line-number`): named after `body`.
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        const message = /received undefined$/.test(issue.message) ? 'is required' : issue.message;
        throw badRequest('body', field ? `${field} ${message}` : 'a csp-report object or a list of reports');
      }
      const now = app.deps.clock().getTime();
      const attempt = await takeAttempt(
        app.deps.database.db,
        [{ key: `csp-report:ip:${request.ip}`, limit: { max: CSP_REPORTS_PER_MINUTE, windowMs: WINDOW_MS } }],
        now,
      );
      if (!attempt.allowed) {
        counts.limited += 1;
        reply.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
        throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS);
      }
      for (const violation of violationsOf(parsed.data as CspReportBody)) {
        counts.count(violation.directive);
        request.log.warn({ cspViolation: violation, requestId: request.id }, 'content security policy violation');
      }
      return reply.status(204).header('cache-control', 'no-store').send();
    },
  );
};
