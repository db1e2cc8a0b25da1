#!/usr/bin/env node
// Member and guest rows of the series page and the volume page (`?book_id=`) of `npm run bench`
// (issue 26, decision 029): stores on one data folder with the page caches on
// (PAGE_CACHE_SECONDS=5, as in production), one rendering every member's page
// (MEMBER_PAGE_CACHE=false: the code before the member page cache) and one keeping members' pages;
// with BENCH_BEFORE_ROOT set to another checkout of the repository (its apps/web/build and
// node_modules in place), a third store runs that checkout's server, keeping members' pages, for
// before/after rows of a change. Each page for a guest and for a member at 10 and at 50
// connections, the stores alternated in one run so the machine's load hits them alike.
// `node bench/member-pages.mjs` runs only these.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMain, measure, printTable, signUpMember, startServer, startStore } from './harness.mjs';

const TITLE_ID = 1;

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

/** Rows for the bench table; `measure(name, url, options)` is the harness's autocannon wrapper. */
export async function memberPageRows(measure) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-member-pages-'));
  // The first start generates the demo catalog; the others share it.
  const rendered = await startStore({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '5', MEMBER_PAGE_CACHE: 'false' });
  const stores = [[rendered, 'members rendered']];
  const beforeRoot = process.env.BENCH_BEFORE_ROOT;
  if (beforeRoot) stores.push([await startStoreOf(beforeRoot, { DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '5' }), 'members kept, before']);
  const kept = await startStore({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '5' });
  stores.push([kept, beforeRoot ? 'members kept, after' : 'members kept']);
  try {
    const cookie = await signUpMember(kept.url, 'bench-member-page');
    const series = `/series_list/series_id=${TITLE_ID}`;
    const pages = [series, `${series}?book_id=${await firstVolumeOf(kept.url, TITLE_ID)}`];
    const rows = [];
    for (const page of pages) {
      for (const connections of [10, 50]) {
        const target = `target ≥ 5,000 req/s, p99 ≤ ${connections === 10 ? 10 : 30} ms`;
        for (const [store, label] of stores) {
          // A 30 s timeout: on a loaded machine a rendered page at 50 connections can wait past autocannon's 10 s.
          rows.push(await measure(`GET ${page} (guest, ${connections} connections, ${label})`, store.url + page, { connections, timeout: 30 }));
          const name = `GET ${page} (member, ${connections} connections, ${label}${store === kept ? `; ${target}` : ''})`;
          rows.push(await measure(name, store.url + page, { connections, timeout: 30, headers: { cookie } }));
          console.log(rows.slice(-2).map((r) => `${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`).join('\n'));
        }
      }
    }
    return rows;
  } finally {
    for (const [store] of stores) store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  printTable(await memberPageRows(measure), { note: 'autocannon, 10 and 50 connections as named, 10 s each, page caches of 5 s' });
}
