import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';

/**
 * `WEB_CONCURRENCY=N` (N > 1): this process is the primary of a node:cluster. It has already
 * prepared the database (migrations, the demo catalog) and now forks N workers that share the
 * port; each worker is a whole store process (`main.ts`). The primary serves nothing itself.
 *
 * SIGTERM or SIGINT to the primary goes to every worker, which shuts down cleanly
 * (`shutdown.ts`); the primary exits when they have. A worker that dies otherwise is replaced.
 */
export async function runClusterPrimary(config: Config, onServing: (address: string) => void): Promise<void> {
  // Workers run main.ts under tsx's loader, however this process was started (npm start runs
  // scripts/start.mjs, which loads main.ts in-process).
  const loader = process.execArgv.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../main.ts', import.meta.url)), execArgv: [...process.execArgv, ...loader] });
  const workers = new Set<Worker>();
  let stopping = false;
  let listening = 0;
  let restarts = 0;

  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.once('listening', (address) => {
      listening += 1;
      if (listening === config.webConcurrency) {
        const host = address.address === null || address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address;
        onServing(`http://${host}:${address.port}`);
      }
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      // A crash loop (ten restarts) stops the store instead of forking forever.
      restarts += 1;
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      if (restarts > 10) {
        console.error('workers keep exiting: stopping');
        process.exit(1);
      }
      fork();
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of workers) worker.process.kill(signal);
    // The workers have their own SHUTDOWN_TIMEOUT_MS; past it and a second, they are killed.
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 1000).unref();
    if (workers.size === 0) process.exit(0);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}

export const isClusterWorker = (): boolean => cluster.isWorker;
