#!/usr/bin/env node
// Viewer figures of `npm run bench`, in Debian's Chromium: JavaScript shipped to the
// viewer route (gzip -9), first page painted with 4× CPU throttling, key → paint page turns
// (performance marks), and the Web Speed Hackathon 2024 score with Lighthouse.
// `node bench/viewer.mjs` runs it alone against a fresh store on the demo catalog.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from './chromium.mjs';
import { isMain, startStore } from './harness.mjs';
import { wshScore } from './viewer-lighthouse.mjs';

const browser = chromiumPath();
const CHROMIUM = browser.path;
/** Demo book 1: free, right-to-left, 14 pages (every page readable by a guest). */
const BOOK = 1;
const RUNS = Number(process.env.BENCH_VIEWER_RUNS ?? 5);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** gzip -9 bytes of every script the page fetched while `action` ran. */
async function scriptBytes(context, url) {
  const page = await context.newPage();
  const bodies = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return bodies;
}

/** Route JS: what /viewer loads that the top page does not (React, React Router and the shell are shared). */
async function routeJs(browser, base) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const viewer = await scriptBytes(context, `${base}/viewer?cid=${BOOK}`);
  const top = await scriptBytes(context, `${base}/`);
  const text = await scriptBytes(context, `${base}/viewer?cid=65`);
  await context.close();
  const sum = (entries) => entries.reduce((n, [, bytes]) => n + bytes, 0);
  const own = [...viewer].filter(([url]) => !top.has(url));
  const textOnly = [...text].filter(([url]) => !viewer.has(url));
  return { total: sum([...viewer]), route: sum(own), textEngine: sum(textOnly) };
}

/** Navigation start → first page image painted (Element Timing), cold cache, 4× CPU throttling. */
async function firstPagePaint(browser, base) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      globalThis.__firstPage = new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.identifier === 'viewer-page');
          if (entry) resolve(entry.renderTime || entry.loadTime);
        }).observe({ type: 'element', buffered: true });
      });
    });
    await page.goto(`${base}/viewer?cid=${BOOK}`);
    times.push(await page.evaluate(() => globalThis.__firstPage));
    await context.close();
  }
  return { median: percentile(times, 50), max: Math.max(...times) };
}

/** Key press → next page painted, for prefetched pages (a pause between turns lets prefetch finish). */
async function pageTurns(browser, base, throttle) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${base}/viewer?cid=${BOOK}`);
  await page.waitForSelector('[data-testid=viewer-stage] img');
  for (let i = 0; i < 13; i++) {
    await page.waitForTimeout(400);
    await page.keyboard.press('ArrowLeft');
  }
  await page.waitForTimeout(400);
  const turns = await page.evaluate(() => performance.getEntriesByName('viewer:turn').map((e) => e.duration));
  await context.close();
  return { count: turns.length, p50: percentile(turns, 50), p95: percentile(turns, 95), max: Math.max(...turns) };
}

const ms = (n) => `${Math.round(n)} ms`;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** Runs every viewer measurement against `base` and returns printable lines. */
export async function viewerReport(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const js = await routeJs(browser, base);
    const paint = await firstPagePaint(browser, base);
    const turns = await pageTurns(browser, base, 1);
    const slowTurns = await pageTurns(browser, base, 4);
    const score = await wshScore(CHROMIUM, `${base}/viewer?cid=${BOOK}`);
    return [
      '| viewer measure | target | result |',
      '|---|---|---:|',
      `| route JavaScript (gzip -9; scripts /viewer loads that / does not) | ≤ 100 kB | ${kb(js.route)} |`,
      `| all JavaScript on /viewer (with React, React Router and the shell) | — | ${kb(js.total)} |`,
      `| text engine chunk (text books only) | — | ${kb(js.textEngine)} |`,
      `| first page painted, 4× CPU throttling, cold cache (median / max of ${RUNS}) | ≤ 1.0 s | ${ms(paint.median)} / ${ms(paint.max)} |`,
      `| page turn key → paint, prefetched (p50 / p95 / max of ${turns.count}) | p95 ≤ 50 ms | ${ms(turns.p50)} / ${ms(turns.p95)} / ${ms(turns.max)} |`,
      `| same with 4× CPU throttling | — | ${ms(slowTurns.p50)} / ${ms(slowTurns.p95)} / ${ms(slowTurns.max)} |`,
      `| WSH 2024 page load (FCP×10, SI×10, LCP×25, TBT×30, CLS×25) | of 100 | ${score.load.total.toFixed(1)} |`,
      `| WSH 2024 page-turn flow (TBT×25, INP×25) | of 50 | ${score.flow.total.toFixed(1)} |`,
      '',
      `Lighthouse page load: ${JSON.stringify(score.load.metrics)}; flow: ${JSON.stringify(score.flow.metrics)}`,
    ];
  } finally {
    await browser.close();
  }
}

if (isMain(import.meta.url) && !browser.found) {
  console.log(`Chromium not found (${browser.path}): the viewer rows need it. ${browser.howToInstall}`);
  process.exitCode = 1;
} else if (isMain(import.meta.url)) {
  // The store's own pages are measured as readers get them: with the guest page cache on.
  const store = await startStore({ DATABASE_URL: '', PAGE_CACHE_SECONDS: '5' });
  try {
    console.log((await viewerReport(store.url)).join('\n'));
  } finally {
    store.stop();
  }
}
