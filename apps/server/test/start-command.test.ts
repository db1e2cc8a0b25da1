import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { insertTitle } from './support/catalog-factories';
import { type ProcessDatabase, createProcessDatabase } from './support/server-processes';
import { testDialect } from './support/test-database';

/** `npm start` as a person or a process manager runs it: the signal goes to npm. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
let database: ProcessDatabase | null = null;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.destroy();
  database = null;
});

/** A database with a title, so that the start does not make the demo catalog. */
async function catalogDatabase(): Promise<ProcessDatabase> {
  const made = await createProcessDatabase();
  await insertTitle(made.handle.db);
  return made;
}

function npmStart(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...database!.env,
      PORT: '0',
      HOST: '127.0.0.1',
      HONDANA_WEB: 'false',
      LOG_LEVEL: 'warn',
      TEST_DIALECT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => void (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const serving = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no serving line:\n${output}`)), 90_000);
    child.stdout!.on('data', () => {
      const match = /is serving (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    void exited.then(() => reject(new Error(`exited:\n${output}`)));
  });
  serving.catch(() => {});
  return { child, serving, exited, output: () => output };
}

/** Pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const refused = async (url: string) => {
  try {
    await fetch(`${url}/healthz`);
    return false;
  } catch {
    return true;
  }
};

describe('npm start', () => {
  it('SIGTERM to npm stops the store too: nothing is left serving', async () => {
    database = await catalogDatabase();
    const start = npmStart({});
    const url = await start.serving;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // npm's own child is the store (npm's shell execs it): no process in between to orphan it.
    const [store] = childrenOf(start.child.pid!);
    expect(store).toBeDefined();
    start.child.kill('SIGTERM');
    await start.exited;
    expect(await refused(url)).toBe(true);
    expect(() => process.kill(store!, 0)).toThrow();
  }, 120_000);

  it.skipIf(testDialect !== 'sqlite')(
    'WEB_CONCURRENCY > 1 on SQLite is refused with a message that says why',
    async () => {
      database = await catalogDatabase();
      const start = npmStart({ WEB_CONCURRENCY: '2' });
      expect(await start.exited).not.toBe(0);
      expect(start.output()).toMatch(/WEB_CONCURRENCY=2 needs PostgreSQL/);
    },
    120_000,
  );

  it.skipIf(testDialect !== 'postgres')(
    'WEB_CONCURRENCY=2 serves from two workers, and SIGTERM to npm stops them all',
    async () => {
      database = await catalogDatabase();
      const start = npmStart({ WEB_CONCURRENCY: '2' });
      const url = await start.serving;
      expect(start.output()).toMatch(/2 workers/);
      const [primary] = childrenOf(start.child.pid!);
      const workers = childrenOf(primary!).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts'));
      expect(workers).toHaveLength(2);
      const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(`${url}/readyz`)).status));
      expect(statuses).toEqual(Array(20).fill(200));
      start.child.kill('SIGTERM');
      await start.exited;
      expect(await refused(url)).toBe(true);
      for (const pid of [primary!, ...workers]) expect(() => process.kill(pid, 0)).toThrow();
    },
    120_000,
  );
});
