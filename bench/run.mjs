#!/usr/bin/env node
// `npm run bench`: starts the built store and a bare Fastify server, measures each target with
// autocannon (10 connections, 10 s by default) and prints one table. Figures go to docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Starts a process that prints `LISTENING <url>` once it serves. */
function startServer(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /LISTENING (\S+)/.exec(output) ?? /本棚 is serving (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1].replace('localhost', '127.0.0.1'), child });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code} before listening:\n${output}`)));
  });
}

async function measure(name, url, options = {}) {
  await autocannon({ url, connections, duration: 1, ...options }); // warm-up
  const result = await autocannon({ url, connections, duration, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function signUpMember(base) {
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.jp`, password: 'bench-password', nickname: 'bench', birth_date: '1990-01-01' }),
  });
  return response.headers.get('set-cookie').split(';')[0];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-'));
const servers = [];
try {
  const bare = await startServer('node', [path.join(root, 'bench/bare-server.mjs')], {});
  servers.push(bare.child);
  const store = await startServer(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    NODE_ENV: 'production',
  });
  servers.push(store.child);
  const cookie = await signUpMember(store.url);

  const rows = [];
  rows.push(await measure('bare Fastify hello-JSON', `${bare.url}/`));
  rows.push(await measure('GET /api/common/get_status (guest)', `${store.url}/api/common/get_status`));
  rows.push(await measure('GET /api/common/get_status (member)', `${store.url}/api/common/get_status`, { headers: { cookie } }));
  rows.push(await measure('GET / (top page, server-rendered)', `${store.url}/`));

  const bareRps = rows[0].rps;
  console.log(`\nautocannon, ${connections} connections, ${duration} s each, ${new Date().toISOString()}\n`);
  console.log('| target | req/s | p50 ms | p99 ms | vs bare |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round((row.rps / bareRps) * 100)}% |`);
  }
} finally {
  for (const child of servers) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
