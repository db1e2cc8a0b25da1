#!/usr/bin/env node
// Member and guest rows of the series page and the volume page (`?book_id=`) of `npm run bench`
// (decision 029): stores on one data folder with the page caches on
// (PAGE_CACHE_SECONDS=5, as in production), one rendering every member's page
// (MEMBER_PAGE_CACHE=false: the code before the member page cache) and one keeping members' pages;
// with BENCH_BEFORE_ROOT set to another checkout of the repository (its apps/web/build and
// node_modules in place), a third store runs that checkout's server, keeping members' pages, for
// before/after rows of a change. Each page for a guest and for a member at 10 and at 50
// connections, the stores alternated in one run so the machine's load hits them alike.
// The catalogs (BENCH_MEMBER_PAGES_DATA, a comma list, `demo` unless set): `demo`, the demo
// catalog the first start generates (title 1); `10k`, the bench dataset (bench/dataset.ts: 10,000
// titles, 100,000 books, on SQLite), generated here (its sample title). `demo,10k` runs both in one run.
// `node bench/member-pages.mjs` runs only these.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildDataset, isMain, measure, printTable, signUpMember, startServer, startStore } from './harness.mjs';

/** The store of another checkout (`root`), started as `startStore` starts this one's. */
async function startStoreOf(root, env) {
  const server = await startServer([path.join(root, 'apps/server/src/main.ts')], {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    NODE_ENV: 'production',
    ...env,
  });
  return { ...server, stop: () => server.child.kill('SIGTERM') };
}

/** The first volume of the title, as the series page links it. */
async function firstVolumeOf(base, titleId) {
  const response = await fetch(`${base}/api/books/by_title/v3?title_id=${titleId}&limit=1`);
  const { books } = await response.json();
  if (!books?.[0]) throw new Error(`title ${titleId} has no volume`);
  return books[0].id;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * The catalogs to measure on: 'demo' (a fresh data folder the first start fills with the demo),
 * '10k' (the bench dataset, generated into a fresh folder), or a dataset already generated
 * (`{ dir, titles, sampleTitleId }`, as `buildDataset` resolves with its folder; left in place).
 */
async function catalogOf(spec) {
  if (spec === 'demo') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-member-pages-'));
    return { label: 'demo', dir, titleId: 1, env: {}, remove: () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (spec === '10k') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-member-pages-dataset-'));
    const dataset = await buildDataset(dir);
    return { ...(await catalogOf({ dir, ...dataset })), remove: () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (typeof spec === 'object' && spec.dir) {
    // The dataset is a SQLite file in its folder.
    return {
      label: `${spec.titles / 1000}k titles`,
      dir: spec.dir,
      titleId: spec.sampleTitleId,
      env: { DATABASE_URL: '' },
      remove: () => {},
    };
  }
  throw new Error(`unknown catalog ${JSON.stringify(spec)}: use demo or 10k`);
}

const datasetsFromEnv = () =>
  (process.env.BENCH_MEMBER_PAGES_DATA ?? 'demo')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Rows for the bench table on one catalog; `measure(name, url, options)` is the harness's autocannon wrapper. */
async function rowsOn(catalog, measure) {
  const env = { DATA_DIR: catalog.dir, PAGE_CACHE_SECONDS: '5', ...catalog.env };
  // The first start generates the demo catalog (an empty folder); the others share it.
  const rendered = await startStore({ ...env, MEMBER_PAGE_CACHE: 'false' });
  const stores = [[rendered, 'members rendered']];
  const beforeRoot = process.env.BENCH_BEFORE_ROOT;
  try {
    if (beforeRoot) stores.push([await startStoreOf(beforeRoot, env), 'members kept, before']);
    const kept = await startStore(env);
    stores.push([kept, beforeRoot ? 'members kept, after' : 'members kept']);
    const cookie = await signUpMember(kept.url, 'bench-member-page');
    const series = `/series_list/series_id=${catalog.titleId}`;
    const pages = [series, `${series}?book_id=${await firstVolumeOf(kept.url, catalog.titleId)}`];
    const rows = [];
    console.log(`${catalog.label}: load average ${load()} (1, 5, 15 min) before, ${new Date().toISOString()}`);
    for (const page of pages) {
      for (const connections of [10, 50]) {
        const target = `target ≥ 5,000 req/s, p99 ≤ ${connections === 10 ? 10 : 30} ms`;
        for (const [store, label] of stores) {
          const where = `${label}, ${catalog.label}`;
          // A 30 s timeout: on a loaded machine a rendered page at 50 connections can wait past autocannon's 10 s.
          rows.push(
            await measure(`GET ${page} (guest, ${connections} connections, ${where})`, store.url + page, { connections, timeout: 30 }),
          );
          const name = `GET ${page} (member, ${connections} connections, ${where}${store === kept ? `; ${target}` : ''})`;
          rows.push(await measure(name, store.url + page, { connections, timeout: 30, headers: { cookie } }));
          console.log(
            rows
              .slice(-2)
              .map((r) => `${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`)
              .join('\n'),
          );
        }
      }
    }
    console.log(`${catalog.label}: load average ${load()} after, ${new Date().toISOString()}`);
    return rows;
  } finally {
    for (const [store] of stores) store.stop();
  }
}

/** Rows on each catalog of `datasets` (see `catalogOf`), one after the other in this run. */
export async function memberPageRows(measure, { datasets = datasetsFromEnv() } = {}) {
  const rows = [];
  for (const spec of datasets) {
    const catalog = await catalogOf(spec);
    try {
      rows.push(...(await rowsOn(catalog, measure)));
    } finally {
      catalog.remove();
    }
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const before = load();
  const rows = await memberPageRows(measure);
  printTable(rows, {
    note: `autocannon, 10 and 50 connections as named, 10 s each, page caches of 5 s; load average ${before} before, ${load()} after`,
  });
}
