// What the bench scripts share: the store process, autocannon with its warm-up, a member's
// session, a fresh PostgreSQL database, and the printed table. Each script also runs alone.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * With two or more CPUs and `taskset`, the processes started here (the servers) run on the last
 * CPU and this process, which makes the load, on the others (BENCH_PIN=0 leaves them to the
 * scheduler). Unpinned on this 2-core machine, the same server measured 58% or 73% of bare
 * depending on which was started first: the scheduler sometimes put it beside autocannon.
 */
const serverCpus = (() => {
  const cpus = availableParallelism();
  if (process.env.BENCH_PIN === '0' || cpus < 2) return null;
  const self = spawnSync('taskset', ['-a', '-p', '-c', `0-${cpus - 2}`, String(process.pid)], { stdio: 'ignore' });
  return self.status === 0 ? String(cpus - 1) : null;
})();

/** True when the module at `metaUrl` is the script node was started with. */
export const isMain = (metaUrl) => process.argv[1] === fileURLToPath(metaUrl);

/**
 * Starts `node [nodeArgs] --import tsx args…` (or `command` when given) and resolves once its
 * output matches `pattern` (with the match and the child), or, without a pattern, with its
 * output when it exits 0.
 */
export function run(args, env, pattern, { nodeArgs = [], command } = {}) {
  return new Promise((resolve, reject) => {
    const program = command ?? process.execPath;
    const argv = command ? args : [...nodeArgs, '--import', 'tsx', ...args];
    const [file, fileArgs] = serverCpus ? ['taskset', ['-c', serverCpus, program, ...argv]] : [program, argv];
    const child = spawn(file, fileArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = pattern && pattern.exec(output);
      if (match) resolve({ match, child });
    });
    child.on('exit', (code) =>
      code === 0 && !pattern ? resolve({ output }) : reject(new Error(`${args[0]} exited with ${code}:\n${output}`)),
    );
  });
}

/** Stops a process started by `run` and waits for its exit (a store writes its mail and buffers until then). */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Confirms the bench members' addresses and grants them coins (bench/bench-members.ts), one
 * process for all of them, on the store's database of `env`.
 */
export function readyMembers(emails, env) {
  return run([path.join(root, 'bench/bench-members.ts'), ...emails], env);
}

const LISTENING = /LISTENING (\S+)|本棚 is serving (http:\/\/\S+)/;

/**
 * Generates the scale dataset (bench/dataset.ts: 10,000 titles, 100,000 books unless given) into
 * `dir` in a process of its own; resolves with what it prints (counts, `sampleTitleId`, …).
 */
export function buildDataset(dir, titles) {
  return new Promise((resolve, reject) => {
    const args = [path.join(root, 'bench/dataset.ts'), dir, ...(titles ? [String(titles)] : [])];
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const match = /DATASET (\{.*\})/.exec(output);
      if (code === 0 && match) resolve(JSON.parse(match[1]));
      else reject(new Error(`bench/dataset.ts exited with ${code}:\n${output}`));
    });
  });
}

/** Starts a process that prints `LISTENING <url>` or the store's `本棚 is serving <url>`. */
export async function startServer(args, env, options) {
  const { match, child } = await run(args, env, LISTENING, options);
  return { url: (match[1] ?? match[2]).replace('localhost', '127.0.0.1'), child };
}

/**
 * The store as it runs day to day: a first start generates the demo catalog into `env.DATA_DIR`
 * and is stopped, and the store measured is a later start. (A process that has just generated
 * the catalog has warmed Node's streams and events with other shapes: its get_status measured
 * 52% of bare where a later start measured 71%, alternated in one run.)
 */
export async function startSeededServer(env) {
  const first = await startServer([path.join(root, 'apps/server/src/main.ts')], env);
  await new Promise((resolve) => {
    first.child.once('exit', resolve);
    first.child.kill('SIGTERM');
  });
  return startServer([path.join(root, 'apps/server/src/main.ts')], env);
}

/** The store (`apps/server/src/main.ts`) on a free port and a fresh data folder unless `env` names one. */
export async function startStore(env = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hondana-bench-'));
  const server = await startServer([path.join(root, 'apps/server/src/main.ts')], {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    NODE_ENV: 'production',
    PAGE_CACHE_SECONDS: '0',
    ...env,
    DATA_DIR: dataDir,
  });
  return {
    ...server,
    stop() {
      server.child.kill('SIGTERM');
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * autocannon at `connections` for `duration` s after a warm-up (`warmupSeconds`, 1 s unless
 * given); any non-2xx fails the run.
 */
export async function measure(name, url, { warmupSeconds = 1, ...options } = {}) {
  await autocannon({ url, connections, duration: warmupSeconds, ...options });
  const result = await autocannon({ url, connections, duration, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Signs up a new adult member and returns their session cookie. */
export async function signUpMember(base, label = 'bench') {
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.jp`,
      password: 'bench-password',
      nickname: 'bench',
      birth_date: '1990-01-01',
    }),
  });
  if (response.status !== 200) throw new Error(`signup: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/**
 * A JSON client over node:http with a keep-alive pool (fetch costs the client more CPU than
 * the store spends on a small call): `api(base, cookie, method, '/path', body)`.
 */
export function jsonClient(agent = new http.Agent({ keepAlive: true, maxSockets: 64 })) {
  const api = (base, cookie, method, url, body) => {
    const payload = body ? JSON.stringify(body) : null;
    return new Promise((resolve, reject) => {
      const headers = { cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) };
      const request = http.request(`${base}/api${url}`, { method, agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            json: JSON.parse(Buffer.concat(chunks).toString()),
            cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload ?? undefined);
    });
  };
  return { api, agent };
}

/**
 * Rows measured by `measureOn(label, env)` on SQLite in a fresh data folder, then, with
 * BENCH_DATABASE_URL, on a fresh PostgreSQL database created and dropped here.
 */
export async function onEachDatabase(name, measureOn) {
  const rows = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), `hondana-bench-${name}-`));
  try {
    rows.push(...(await measureOn('SQLite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) return rows;
  const database = `hondana_bench_${name}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  const pgDir = mkdtempSync(path.join(tmpdir(), `hondana-bench-${name}-`));
  try {
    rows.push(...(await measureOn('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() })));
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(pgDir, { recursive: true, force: true });
  }
  return rows;
}

/** Prints rows as the Markdown table docs/benchmarks.md keeps (`columns`: extra [title, key] pairs). */
export function printTable(
  rows,
  { rate = 'req/s', columns = [], note = `autocannon, ${connections} connections, ${duration} s each` } = {},
) {
  console.log(`\n${note}, ${new Date().toISOString()}\n`);
  console.log(`| target | ${rate} | p50 ms | p99 ms |${columns.map(([title]) => ` ${title} |`).join('')}`);
  console.log(`|---|---:|---:|---:|${columns.map(() => '---:|').join('')}`);
  for (const row of rows) {
    const extra = columns.map(([, key]) => ` ${row[key] ?? '-'} |`).join('');
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} |${extra}`);
  }
}
