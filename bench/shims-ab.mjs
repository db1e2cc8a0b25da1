#!/usr/bin/env node
// Stores alternated in one run, each figure measured on every store in turn, so a noisy machine
// slows all of them alike; only ratios to the first store within one run mean anything (and the
// CPU time per request, from /proc, more than req/s when the machine is loaded).
//
// Two uses:
// - Each performance shim against the idiom it replaced: one store per variant, all
//   started from the tree `SHIMS_TREE` (a scratch `git worktree` of 2fdea52, before three of the
//   shims were removed, with bench/shims-idiom.patch applied, whose code reads `IDIOM`, a
//   comma list: ids, logger, timeout, helmet, hooks, compress, arrival, prepared), on copies of
//   one seeded SQLite data folder. An unknown idiom name (`none`) starts a second store with the
//   shims: the run's noise.
//   `SHIMS_TREE=/tmp/scratch node bench/shims-ab.mjs` (SHIMS_VARIANTS).
// - A change before and after: `AB_TREES=before=/tmp/old,after=.` starts one store per built
//   tree (each seeded on its own first start), the first being the base of the ratios.
// Both: SHIMS_FIGURES (status book books top series rankings), BENCH_ROUNDS, BENCH_SECONDS, AB_SEED_CACHE.
// `npm run bench -- --compare REF` runs the second use against a worktree of REF (bench/compare.mjs).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connections, duration, printTable, startServer } from './harness.mjs';
import { treeCpuSeconds } from './process-cpu.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// Each store: its label, the tree it runs from and the idioms it switches on.
const trees = process.env.AB_TREES;
const tree = process.env.SHIMS_TREE;
if (!tree && !trees) throw new Error('SHIMS_TREE (the scratch tree with the IDIOM switches) or AB_TREES (label=path,…)');
const variants = trees
  ? trees.split(',').map((entry) => {
      const [label, dir] = entry.split('=');
      return { label, tree: path.resolve(dir), idiom: '' };
    })
  : [
      '',
      ...(process.env.SHIMS_VARIANTS ?? 'ids logger timeout helmet hooks compress ids,logger,timeout,helmet,hooks,compress').split(' '),
    ].map((idiom) => ({ label: idiom || 'shims', tree, idiom }));
const mainOf = (dir) => path.join(dir, 'apps/server/src/main.ts');
const env = (dataDir, idiom) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  NODE_ENV: 'production',
  PAGE_CACHE_SECONDS: '0',
  IDIOM: idiom,
});

/**
 * A seeded data folder per tree: the demo's first start, then stopped. With AB_SEED_CACHE=dir it
 * is kept there per tree and commit (the first start draws the demo's images: a minute or more).
 */
const seeds = new Map();
const seedCache = process.env.AB_SEED_CACHE;
const kept = new Set();
async function seedOf(dir) {
  if (seeds.has(dir)) return seeds.get(dir);
  let seed;
  if (seedCache) {
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).stdout.trim().slice(0, 12);
    seed = path.join(seedCache, `${path.basename(dir)}-${head}`);
    kept.add(seed);
    if (existsSync(path.join(seed, '.seeded'))) {
      seeds.set(dir, seed);
      return seed;
    }
    rmSync(seed, { recursive: true, force: true });
    mkdirSync(seed, { recursive: true });
  } else {
    seed = mkdtempSync(path.join(tmpdir(), 'hondana-shims-seed-'));
  }
  const first = await startServer([mainOf(dir)], env(seed, ''));
  await new Promise((resolve) => {
    first.child.once('exit', resolve);
    first.child.kill('SIGTERM');
  });
  // Only a first start that got to serving and stopped leaves a seed to reuse.
  if (seedCache) writeFileSync(path.join(seed, '.seeded'), new Date().toISOString());
  seeds.set(dir, seed);
  return seed;
}
const stores = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  for (const variant of variants) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-shims-'));
    cpSync(await seedOf(variant.tree), dataDir, { recursive: true });
    stores.push({ ...variant, dataDir, ...(await startServer([mainOf(variant.tree)], env(dataDir, variant.idiom))) });
  }
  const allFigures = {
    status: ['get_status (guest, polled)', '/api/common/get_status'],
    book: ['book detail (guest)', '/api/books/1'],
    top: ['top page render', '/'],
    series: ['series page render', '/series_list/series_id=1'],
    books: ['ten book details (guest)', '/api/books?book_id=1,2,3,4,5,6,7,8,9,10'],
    rankings: ['ranking page (guest)', '/api/rankings?term=weekly&page_type=male'],
  };
  const figures = (process.env.SHIMS_FIGURES ?? 'status book top').split(' ').map((name) => allFigures[name]);
  // A window: 1 s of warm-up, then `duration` s measured, with the store's CPU time per request
  // (from /proc), which the machine's other load disturbs less than requests per second.
  const window = async (name, store, url) => {
    await autocannon({ url: store.url + url, connections, duration: 1 });
    const cpu0 = treeCpuSeconds(store.child.pid);
    const result = await autocannon({ url: store.url + url, connections, duration });
    const cpu = treeCpuSeconds(store.child.pid) - cpu0;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: Math.round((cpu * 1e6) / result.requests.total),
    };
  };
  const rows = [];
  for (let round = 0; round < rounds; round++) {
    for (const [figure, url] of figures) {
      for (const store of stores) rows.push({ ...(await window(`${figure} · ${store.label}`, store, url)), figure, label: store.label });
    }
  }
  printTable(rows, { columns: [['CPU µs/request', 'cpuUs']] });
  console.log(`\nsums over rounds, as a ratio to the ${variants[0].label} row (req/s; p99 as the mean of the windows):`);
  for (const [figure] of figures) {
    const of = (label) => rows.filter((r) => r.figure === figure && r.label === label);
    const base = of(variants[0].label);
    const baseRps = base.reduce((t, r) => t + r.rps, 0);
    const baseP99 = base.reduce((t, r) => t + r.p99, 0) / base.length;
    for (const { label } of variants) {
      const these = of(label);
      const rps = these.reduce((t, r) => t + r.rps, 0);
      const p99 = these.reduce((t, r) => t + r.p99, 0) / these.length;
      const windows = these.map((r) => Math.round(r.rps)).join(' ');
      const cpu = median(these.map((r) => r.cpuUs));
      console.log(
        `${figure.padEnd(28)} ${label.padEnd(9)} req/s ${((rps / baseRps) * 100).toFixed(1)}%  p99 ${p99.toFixed(1)} ms (${((p99 / baseP99) * 100).toFixed(0)}%)  CPU/request median ${cpu} µs (${((cpu / median(base.map((r) => r.cpuUs))) * 100).toFixed(0)}%)  windows: ${windows}`,
      );
    }
  }
} finally {
  for (const store of stores) {
    store.child.kill('SIGTERM');
    rmSync(store.dataDir, { recursive: true, force: true });
  }
  for (const seed of seeds.values()) if (!kept.has(seed)) rmSync(seed, { recursive: true, force: true });
}
