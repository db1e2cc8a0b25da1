#!/usr/bin/env node
// Reviews and notices rows of `npm run bench` (issue 8): the review list and rating summary the
// series page reads, a member's notice count, and the series page render with reviews on it.
// `node bench/reviews.mjs` measures only these against a fresh store on the demo catalog.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const TITLE_ID = 1;

async function signUp(storeUrl, n) {
  const response = await fetch(`${storeUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-review-${n}-${Date.now()}@example.jp`, password: 'bench-password', nickname: `評者${n}`, birth_date: '1990-01-01' }),
  });
  if (!response.ok) throw new Error(`signup ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** Five members review title 1 (signup is rate-limited to 10 a minute per client). */
async function seedReviews(storeUrl) {
  let cookie = '';
  for (let n = 0; n < 5; n++) {
    cookie = await signUp(storeUrl, n);
    const token = (await (await fetch(`${storeUrl}/api/review_title/create_token`, { headers: { cookie } })).json()).status.token;
    const form = new URLSearchParams({ token, title_id: String(TITLE_ID), star: String(1 + n), comment: 'ベンチマークのレビュー本文。'.repeat(10), nickname: `評者${n}`, ameba: '0', spoiler: String(n % 2) });
    const response = await fetch(`${storeUrl}/api/review_title/add_review`, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    if (!response.ok) throw new Error(`add_review ${response.status}`);
  }
  return cookie;
}

/** Rows for the bench table; `measure(name, url, options)` is run.mjs's autocannon wrapper. */
export async function reviewsRows(storeUrl, measure) {
  const cookie = await seedReviews(storeUrl);
  return [
    await measure(`GET /api/title_reviews/list?title_id=${TITLE_ID} (popular, guest)`, `${storeUrl}/api/title_reviews/list?title_id=${TITLE_ID}&sort=popular`),
    await measure(`GET /api/title_reviews/${TITLE_ID} (rating summary)`, `${storeUrl}/api/title_reviews/${TITLE_ID}`),
    await measure('GET /api/user/get_notice_count (member)', `${storeUrl}/api/user/get_notice_count`, { headers: { cookie } }),
    await measure(`GET /series_list/series_id=${TITLE_ID} (series page with reviews, demo catalog, member)`, `${storeUrl}/series_list/series_id=${TITLE_ID}`, { headers: { cookie } }),
  ];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const measure = async (name, url, options = {}) => {
    await autocannon({ url, connections, duration: 1, ...options });
    const r = await autocannon({ url, connections, duration, ...options });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-reviews-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', NODE_ENV: 'production', PAGE_CACHE_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /LISTENING (\S+)/.exec(output) ?? /本棚 is serving (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
      });
      child.on('exit', (code) => reject(new Error(`store exited with ${code}:\n${output}`)));
    });
    const rows = await reviewsRows(url, measure);
    console.log(`\nautocannon, ${connections} connections, ${duration} s each, ${new Date().toISOString()}\n`);
    console.log('| target | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} |`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
