#!/usr/bin/env node
// Lighthouse on the series page for a guest and for a signed-in member (members as fast as
// guests: the performance score stays ≥ 90 and CLS is 0 now that members' pages are kept,
// decision 029).
// Lighthouse's default settings (mobile, simulated throttling), performance only, in Debian's
// Chromium as the viewer rows run it; the member's session cookie goes with every request
// (`extraHeaders`), and the member has a volume in the cart so the header shows its count.
// `node bench/series-lighthouse.mjs` runs only these (SERIES_LIGHTHOUSE_RUNS runs each, 3 unless set).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium.mjs';
import { isMain, signUpMember, startStore } from './harness.mjs';

const TITLE_ID = 1;
const RUNS = Number(process.env.SERIES_LIGHTHOUSE_RUNS ?? 3);

/** One Lighthouse performance run of `url`: the score (of 100), CLS and the load metrics. */
async function lighthouseRun(chromePath, url, headers) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const run = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
    const { audits, categories, runtimeError, environment } = run.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const shown = (id) => audits[id]?.displayValue ?? 'n/a';
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      cls: audits['cumulative-layout-shift'].numericValue,
      // Lighthouse's measure of this machine's CPU at the time (about 1,000+ on a quiet desktop): a loaded machine scores low.
      benchmarkIndex: Math.round(environment.benchmarkIndex),
      metrics: {
        FCP: shown('first-contentful-paint'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        SI: shown('speed-index'),
      },
    };
  } finally {
    chrome.kill();
  }
}

/** The first volume of the title, as the series page links it. */
async function firstVolumeOf(base, titleId) {
  const { books } = await (await fetch(`${base}/api/books/by_title/v3?title_id=${titleId}&limit=1`)).json();
  if (!books?.[0]) throw new Error(`title ${titleId} has no volume`);
  return books[0].id;
}

/** Printable lines: each viewer's runs of the series page of title 1 on the store at `base`. */
export async function seriesLighthouseReport(base, chromePath = chromiumPath().path) {
  const cookie = await signUpMember(base, 'bench-series-lighthouse');
  const added = await fetch(`${base}/api/cart/books`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ book_ids: [await firstVolumeOf(base, TITLE_ID)] }),
  });
  if (added.status !== 200) throw new Error(`cart add: ${added.status} ${await added.text()}`);
  const page = `/series_list/series_id=${TITLE_ID}`;
  const lines = [
    `| ${page}, Lighthouse performance (mobile, simulated throttling) | target | score: median (all runs) | CLS: max | median run: FCP, LCP, TBT, SI | CPU benchmark index (runs) |`,
    '|---|---|---:|---:|---|---|',
  ];
  const viewers = [
    ['guest', {}],
    ['member (session cookie, one volume in the cart)', { Cookie: cookie }],
  ].map(([who, headers]) => ({ who, headers, runs: [] }));
  // The first request renders and keeps the page; Lighthouse then loads it as a repeat visitor's first view would.
  for (const { headers } of viewers) await fetch(base + page, { headers });
  // Guest and member runs alternate, so a machine whose load changes hits both alike.
  for (let i = 0; i < RUNS; i++)
    for (const viewer of viewers) viewer.runs.push(await lighthouseRun(chromePath, base + page, viewer.headers));
  for (const { who, runs } of viewers) {
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor(sorted.length / 2)];
    const cls = Math.max(...runs.map((r) => r.cls));
    lines.push(
      `| ${who} | ≥ 90, CLS 0 | ${median.score} (${runs.map((r) => r.score).join(', ')}) | ${cls.toFixed(3)} | ${Object.values(median.metrics).join(', ')} | ${runs.map((r) => r.benchmarkIndex).join(', ')} |`,
    );
  }
  return lines;
}

if (isMain(import.meta.url)) {
  const chromium = chromiumPath();
  if (!chromium.found) {
    console.log(`Chromium not found (${chromium.path}): the Lighthouse rows need it. ${chromium.howToInstall}`);
    process.exitCode = 1;
  } else {
    // Measured as readers get the page: the page caches on, as in production.
    const store = await startStore({ DATABASE_URL: '', PAGE_CACHE_SECONDS: '5' });
    try {
      console.log(`\nseries page (${store.url}), Lighthouse ${RUNS} runs each, ${new Date().toISOString()}\n`);
      console.log((await seriesLighthouseReport(store.url, chromium.path)).join('\n'));
    } finally {
      store.stop();
    }
  }
}
