#!/usr/bin/env node
// Rows of `npm run bench` for WEB_CONCURRENCY (node:cluster workers): book detail (guest,
// autocannon) and completed purchases per second (10 members, token + buy) against one store at
// WEB_CONCURRENCY=1 and then 2, in one run, on one fresh PostgreSQL database (BENCH_DATABASE_URL;
// SQLite runs one process). Nothing is pinned to a CPU here: the workers need the cores, so the
// load generator shares them. `node bench/concurrency.mjs` runs only these rows.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isMain, jsonClient, measure, printTable, readyMembers, root, run } from './harness.mjs';

const BOOKS = 4000;
const BUYERS = 10;

/** The store under `npm start`'s entry with WEB_CONCURRENCY=n, unpinned; resolves with its URL once every worker listens. */
function startStore(env, n) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        WEB_CONCURRENCY: String(n),
        PORT: '0',
        HOST: '127.0.0.1',
        HONDANA_WEB: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /本棚 is serving (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1].replace('localhost', '127.0.0.1'), child });
    });
    child.on('exit', (code) => reject(new Error(`store exited with ${code}:\n${output}`)));
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Completed purchases per second for `seconds` after a 1 s warm-up. */
async function purchaseRate(base, cookies, firstBookId, next, seconds) {
  const { api, agent } = jsonClient();
  const latencies = [];
  let done = 0;
  const buyUntil = (until, count) =>
    Promise.all(
      cookies.map(async (cookie, i) => {
        while (Date.now() < until && next[i] < BOOKS) {
          const t0 = performance.now();
          const token = (await api(base, cookie, 'GET', '/order/book/manga_coin/create_token')).json.status.token;
          const buy = await api(base, cookie, 'POST', '/order/book/manga_coin/buy', {
            token,
            book_id: firstBookId + next[i]++,
            checked_price: 100,
          });
          if (buy.status !== 200) throw new Error(`buy: ${buy.status} ${JSON.stringify(buy.json)}`);
          if (count) {
            latencies.push(performance.now() - t0);
            done += 1;
          }
        }
      }),
    );
  await buyUntil(Date.now() + 1000, false);
  const started = Date.now();
  await buyUntil(started + seconds * 1000, true);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);
  return { rps: done / ((Date.now() - started) / 1000), p50: pct(50), p99: pct(99) };
}

/** The rows, or one row saying why they were left out. */
export async function concurrencyRows({ seconds = Number(process.env.BENCH_SECONDS ?? 10) } = {}) {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    return [
      {
        name: 'WEB_CONCURRENCY=1 and 2: left out, they need PostgreSQL (set BENCH_DATABASE_URL; on SQLite the store runs one process)',
        rps: 0,
        p50: '-',
        p99: '-',
      },
    ];
  }
  const database = `hondana_bench_concurrency_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-concurrency-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  const rows = [];
  try {
    const { match } = await run([path.join(root, 'bench/purchases-setup.ts'), String(BOOKS)], env, /SETUP (\{.*\})/);
    const { firstBookId } = JSON.parse(match[1]);
    const next = Array(BUYERS).fill(0);
    let cookies = null;
    for (const n of [1, 2]) {
      const store = await startStore(env, n);
      try {
        if (!cookies) {
          const { api, agent } = jsonClient();
          cookies = [];
          const emails = [];
          for (let i = 0; i < BUYERS; i += 1) {
            const email = `cbuyer${i}-${Date.now()}@example.jp`;
            cookies.push(
              (
                await api(store.url, '', 'POST', '/auth/signup', {
                  email,
                  password: 'bench-password',
                  nickname: `c${i}`,
                  birth_date: '1990-01-01',
                })
              ).cookie,
            );
            emails.push(email);
          }
          await readyMembers(emails, env);
          agent.destroy();
        }
        const detail = await measure(
          `GET /api/books/${firstBookId} (book detail, guest), PostgreSQL, WEB_CONCURRENCY=${n}`,
          `${store.url}/api/books/${firstBookId}`,
        );
        rows.push(detail);
        const buying = await purchaseRate(store.url, cookies, firstBookId, next, seconds);
        rows.push({ name: `purchases/s, ${BUYERS} concurrent buyers, token + buy, PostgreSQL, WEB_CONCURRENCY=${n}`, ...buying });
      } finally {
        await stop(store.child);
      }
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (isMain(import.meta.url)) {
  printTable(await concurrencyRows(), { note: 'WEB_CONCURRENCY rows (unpinned, load generator on the same cores)' });
}
