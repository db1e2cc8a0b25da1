#!/usr/bin/env node
// `npm run bench`: starts the built store and a bare Fastify server, measures each target with
// autocannon (10 connections, 10 s by default) and prints one table. Figures go to docs/benchmarks.md.
// `npm run bench -- --compare REF`: the hot rows against a worktree of REF instead (bench/compare.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDataset, connections, duration, measure, root, signUpMember, startSeededServer, startServer } from './harness.mjs';
import { readingRows } from './reading.mjs';
import { serialsRows } from './serials.mjs';
import { purchaseRows } from './purchases.mjs';
import { cartRows } from './cart.mjs';
import { viewerReport } from './viewer.mjs';
import { reviewsRows } from './reviews.mjs';
import { concurrencyRows } from './concurrency.mjs';
import { chromiumPath } from './chromium.mjs';
import { bookshelfRows } from './bookshelf.mjs';
import { trackingRows } from './tracking.mjs';
import { importRows } from './import.mjs';
import { memberPageRows } from './member-pages.mjs';
import { seriesLighthouseReport } from './series-lighthouse.mjs';

if (process.argv.includes('--compare')) {
  await import('./compare.mjs');
  process.exit(0);
}

// The viewer rows need a browser: checked first, so a machine without one learns it now and
// still gets every other row, instead of a stack trace after the rest of the run.
const chromium = chromiumPath();
if (!chromium.found) {
  console.log(`Chromium not found (${chromium.path}): the viewer rows will be left out. ${chromium.howToInstall}\n`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-'));
const datasetDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-dataset-'));

const servers = [];
try {
  const bare = await startServer([path.join(root, 'bench/bare-server.mjs')], {}, { command: 'node' });
  servers.push(bare.child);
  const store = await startSeededServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    NODE_ENV: 'production',
    // Pages are measured rendering every request; the guest page cache has its own row below.
    PAGE_CACHE_SECONDS: '0',
  });
  servers.push(store.child);
  const cookie = await signUpMember(store.url);

  const rows = [];
  // The get_status ratio: bare and guest get_status alternated in BENCH_PAIRS pairs (default 3), the
  // ratio of their sums; one window of each varied by ±10 points on this machine.
  const pairs = [];
  for (let i = 0; i < Number(process.env.BENCH_PAIRS ?? 3); i++) {
    pairs.push([
      await measure('bare Fastify hello-JSON', `${bare.url}/`),
      await measure('GET /api/common/get_status (guest)', `${store.url}/api/common/get_status`),
    ]);
  }
  const mean = (rowsOf) => ({
    name: rowsOf[0].name,
    rps: rowsOf.reduce((sum, row) => sum + row.rps, 0) / rowsOf.length,
    p50: Math.max(...rowsOf.map((row) => row.p50)),
    p99: Math.max(...rowsOf.map((row) => row.p99)),
  });
  rows.push(mean(pairs.map(([bareRow]) => bareRow)), mean(pairs.map(([, statusRow]) => statusRow)));
  rows[1].name += ` (mean of ${pairs.length} windows alternated with bare: ${pairs.map(([b, g]) => `${Math.round((g.rps / b.rps) * 100)}%`).join(', ')})`;
  rows.push(await measure('GET /api/common/get_status (member)', `${store.url}/api/common/get_status`, { headers: { cookie } }));
  rows.push(...(await trackingRows(store.url, measure, cookie)));
  rows.push(await measure('GET / (top page, server-rendered)', `${store.url}/`));
  rows.push(await measure('GET /api/books/1 (book detail, guest)', `${store.url}/api/books/1`));
  rows.push(...(await readingRows(store.url, measure, cookie)));
  // Reviews and notices: review list, rating summary, notice count, series page with reviews.
  rows.push(...(await reviewsRows(store.url, measure)));
  rows.push(...(await serialsRows(store.url, measure, cookie)));
  // Purchases: completed purchases per second on their own stores (SQLite; PostgreSQL with BENCH_DATABASE_URL).
  rows.push(...(await purchaseRows()));
  // Cart: whole-cart checkouts per second on their own stores.
  rows.push(...(await cartRows()));
  // Bookshelf: a member with 5,000 books, on a store of its own.
  rows.push(...(await bookshelfRows(measure)));
  // One store as 1 and then 2 node:cluster workers (PostgreSQL): book detail and purchases/s.
  rows.push(...(await concurrencyRows()));

  const dataset = await buildDataset(datasetDir);
  console.log(
    `dataset: ${dataset.titles} titles, ${dataset.books} books, ${dataset.authors} authors, ${dataset.events} events in ${dataset.ms} ms`,
  );

  // Members' and guests' series and volume pages, members rendered and members kept (decision 029),
  // alternated: on the demo catalog, then on the bench dataset (their members are signed up into it).
  rows.push(...(await memberPageRows(measure, { datasets: ['demo', { dir: datasetDir, ...dataset }] })));

  // Scale: a second store on the bench dataset, with the store pages on.
  const scaled = await startServer([path.join(root, 'apps/server/src/main.ts')], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: datasetDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    HONDANA_WEB: 'true',
    NODE_ENV: 'production',
    PAGE_CACHE_SECONDS: '0',
  });
  servers.push(scaled.child);
  const cachedStore = await startServer([path.join(root, 'apps/server/src/main.ts')], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: datasetDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PAGE_CACHE_SECONDS: '5',
  });
  servers.push(cachedStore.child);
  const scale = `${dataset.titles / 1000}k titles`;
  rows.push(
    await measure(
      `GET /api/lottery/search/title?word=${dataset.sampleWord} (keyword search, ${scale}; target p99 ≤ 30)`,
      `${scaled.url}/api/lottery/search/title?word=${encodeURIComponent(dataset.sampleWord)}`,
    ),
  );
  rows.push(
    await measure(
      `GET /api/rankings?term=weekly&page_type=male (ranking page, ${scale}; target p99 ≤ 20)`,
      `${scaled.url}/api/rankings?term=weekly&page_type=male&limit=20`,
    ),
  );
  const seriesUrl = `${scaled.url}/series_list/series_id=${dataset.sampleTitleId}`;
  const seriesStatus = (await fetch(seriesUrl)).status;
  if (seriesStatus === 200) {
    // This store has served only API calls so far: its first seconds of pages also compile
    // React's and React Router's render path. The first window is shown as it is; the target
    // is about a running store, measured after a second window of warm-up.
    rows.push(
      await measure(
        `GET /series_list/series_id=${dataset.sampleTitleId} (series page render, ${scale}, first window of a store that had rendered no page)`,
        seriesUrl,
      ),
    );
    rows.push(
      await measure(
        `GET /series_list/series_id=${dataset.sampleTitleId} (series page render, ${scale}, after 10 s more of pages; target p99 ≤ 50)`,
        seriesUrl,
        { warmupSeconds: 10 },
      ),
    );
  } else {
    rows.push({
      name: `GET /series_list/series_id=${dataset.sampleTitleId} (series page render): not available, status ${seriesStatus}`,
      rps: 0,
      p50: '-',
      p99: '-',
    });
  }
  const cachedSeriesUrl = `${cachedStore.url}/series_list/series_id=${dataset.sampleTitleId}`;
  rows.push(await measure(`GET /series_list/series_id=${dataset.sampleTitleId} (guests, page cache of 5 s, ${scale})`, cachedSeriesUrl));

  const bareRps = rows[0].rps;
  console.log(`\nautocannon, ${connections} connections, ${duration} s each, ${new Date().toISOString()}\n`);
  console.log('| target | req/s | p50 ms | p99 ms | vs bare |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${Math.round((row.rps / bareRps) * 100)}% |`);
  }
  // Import: pages/s with every derivative next to sharp alone, and peak RSS, in processes of their own.
  console.log(`\nimport, ${new Date().toISOString()}\n`);
  console.log('| target | figure | unit | met |');
  console.log('|---|---:|---|---|');
  for (const row of await importRows()) {
    const figure = row.unit === 'ratio' ? row.rps.toFixed(2) : Math.round(row.rps * 10) / 10;
    console.log(`| ${row.name} | ${figure} | ${row.unit} | ${row.met === null ? '' : row.met ? 'yes' : '**no**'} |`);
  }
  // Viewer: route JS, first page painted, page turns and the WSH 2024 score, in Chromium.
  if (chromium.found) {
    console.log(`\nviewer (${store.url}), Chromium, ${new Date().toISOString()}\n`);
    console.log((await viewerReport(store.url)).join('\n'));
    // The series page for a guest and a member: Lighthouse ≥ 90, CLS 0. This store renders every page.
    console.log(`\nseries page (${store.url}), Lighthouse, ${new Date().toISOString()}\n`);
    console.log((await seriesLighthouseReport(store.url, chromium.path)).join('\n'));
  } else {
    console.log(`\nviewer rows left out: Chromium not found (${chromium.path}). ${chromium.howToInstall}`);
  }
} finally {
  for (const child of servers) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(datasetDir, { recursive: true, force: true });
}
