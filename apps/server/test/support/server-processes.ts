import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { DatabaseHandle } from '../../src/db/database';
import { createTestDatabase } from './test-database';
import { mailedLink } from './mail';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** A database that `main.ts` processes open by their environment: DATA_DIR's SQLite file, or a fresh PostgreSQL database. */
export interface ProcessDatabase {
  env: Record<string, string>;
  handle: DatabaseHandle;
  destroy(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const database = await createTestDatabase({ sqliteFileName: 'hondana.db', poolSize: 4 });
  return {
    // DATABASE_URL empty on SQLite: a PostgreSQL run's URL in the environment must not win over the file.
    env: { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' },
    handle: database,
    destroy: () => database.destroy(),
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `apps/server/src/main.ts` under tsx (API only, a free port) and waits for its serving
 * line. Node runs tsx's loader itself, so the child is the server: a kill reaches it, not a wrapper.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', HONDANA_WEB: 'false', LOG_LEVEL: 'error', TEST_DIALECT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is serving (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!.replace('localhost', '127.0.0.1'), child, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** A small HTTP client keeping one member's cookie. */
export function client(baseUrl: string, cookie = '') {
  const call = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('hondana_session=')) cookie = setCookie.split(';')[0]!;
    return { status: response.status, json: (await response.json()) as Record<string, unknown> & { status?: { token?: string } } };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: object) => call('POST', url, body),
    cookie: () => cookie,
    at: (other: string) => client(other, cookie),
  };
}

/** Opens the confirmation link a signup through `api` mailed (read from the outbox): the member may buy. */
export async function confirmEmailThrough(api: ReturnType<typeof client>, database: ProcessDatabase, userId: number): Promise<void> {
  const { token } = await mailedLink(database.handle.db, { kind: 'EMAIL_CONFIRM', userId });
  const confirmed = await api.get(`/user/email/confirm?token=${token}`);
  if (confirmed.status !== 200) throw new Error(`email confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
}
