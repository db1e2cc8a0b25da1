#!/usr/bin/env node
// A CPU profile of one page (or API call) rendered over and over, for finding where its time goes:
// `PROFILE_URL=/ PROFILE_SECONDS=8 node bench/profile-page.mjs <seeded data folder> <profile dir>`.
// The store runs from this tree with `node --cpu-prof` on a copy of the seeded folder (a folder a
// first start of this tree left, `bench/shims-ab.mjs`' seeds), PAGE_CACHE_SECONDS=0 and MEMBER_PAGE_CACHE
// as the environment says; autocannon asks for the page with 10 connections, then the store is
// stopped and writes its `.cpuprofile` (open it in Chrome's DevTools, or `bench/profile-summary.mjs`).
// PROFILE_TREE=<checkout> runs that tree's store instead (e.g. the worktree `--compare` made), for
// comparing two profiles.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connections, root, startServer } from './harness.mjs';

const [seed, profileDir] = process.argv.slice(2);
if (!seed || !profileDir) throw new Error('usage: node bench/profile-page.mjs <seeded data folder> <profile dir>');
const url = process.env.PROFILE_URL ?? '/';
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-profile-'));
cpSync(seed, dataDir, { recursive: true });
const store = await startServer(
  [path.join(process.env.PROFILE_TREE ? path.resolve(process.env.PROFILE_TREE) : root, 'apps/server/src/main.ts')],
  { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production', PAGE_CACHE_SECONDS: '0' },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] },
);
await autocannon({ url: store.url + url, connections, duration: 2 });
const result = await autocannon({ url: store.url + url, connections, duration: seconds });
console.log(
  `${url}: ${result.requests.total} requests, ${result.requests.average} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
);
await new Promise((resolve) => {
  store.child.once('exit', resolve);
  store.child.kill('SIGTERM');
});
