import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';

interface ShutdownOptions {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The longest the whole shutdown may take before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long /readyz answers 503 while the process still serves (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  exit?: (code: number) => void;
}

/**
 * A clean stop on SIGTERM or SIGINT: `/readyz` answers 503 at once; after `delayMs` (time for a
 * load balancer to notice) the process stops listening and answers what is in flight (replies
 * say `connection: close`), the scheduler takes no new run and waits for the one running, the
 * pool closes, and the process exits 0. Past `timeoutMs` it closes every connection and exits 1.
 */
export function exitCleanlyOnSignals({ app, database, timeoutMs, delayMs, exit = (code) => process.exit(code) }: ShutdownOptions): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.ops.readiness.shutDown();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: closing the remaining connections');
      app.server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    deadline.unref();
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, timeoutMs / 2)));
      await app.close();
      await database.destroy();
      app.log.info({ ms: Date.now() - started }, 'shut down');
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
