#!/usr/bin/env node
// get_status against the bare server, alternated in one run (issue 2's ratio on a noisy machine):
// `node bench/status-ratio.mjs` (BENCH_PAIRS, BENCH_SECONDS). Prints each window and the ratio of
// the sums; the API only (HONDANA_WEB=false), a fresh data folder, a member for the member row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure, printTable, root, signUpMember, startServer } from './harness.mjs';

const pairs = Number(process.env.BENCH_PAIRS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-status-'));
const bare = await startServer([path.join(root, 'bench/bare-server.mjs')], {}, { command: 'node' });
const store = await startServer([path.join(root, 'apps/server/src/main.ts')], {
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  NODE_ENV: 'production',
  HONDANA_WEB: 'false',
});
try {
  const cookie = await signUpMember(store.url);
  const rows = [];
  for (let i = 0; i < pairs; i++) {
    rows.push(await measure('bare Fastify hello-JSON', `${bare.url}/`));
    rows.push(await measure('GET /api/common/get_status (guest)', `${store.url}/api/common/get_status`));
  }
  rows.push(await measure('GET /api/common/get_status (member)', `${store.url}/api/common/get_status`, { headers: { cookie } }));
  rows.push(await measure('GET /api/books/1 (book detail, guest)', `${store.url}/api/books/1`));
  printTable(rows);
  const sum = (name) => rows.filter((r) => r.name === name).reduce((total, r) => total + r.rps, 0);
  const ratio = sum('GET /api/common/get_status (guest)') / sum('bare Fastify hello-JSON');
  console.log(`\nguest get_status / bare over ${pairs} pairs: ${(ratio * 100).toFixed(1)}% (target ≥ 70%)`);
} finally {
  bare.child.kill('SIGTERM');
  store.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
