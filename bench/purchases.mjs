#!/usr/bin/env node
// Completed single-book purchases per second (issue 5): 10 members buy different books at once
// through the manga coin flow of §7: first the whole flow (buy check, order token, buy: three
// calls), then token + buy (what a purchase costs once checked). SQLite always; PostgreSQL too
// when BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped after).
// `node bench/purchases.mjs`, or from bench/run.mjs.
// BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' profiles the store process.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOOKS = 4000;

function run(args, env, pattern, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = pattern && pattern.exec(output);
      if (match) resolve({ match, child });
    });
    child.on('exit', (code) => (code === 0 && !pattern ? resolve({ output }) : reject(new Error(`${args[0]} exited with ${code}:\n${output}`))));
  });
}

/** A keep-alive connection pool per measured store: node:http costs the client far less than fetch. */
let agent = null;

function api(base, cookie, method, url, body) {
  const payload = body ? JSON.stringify(body) : null;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api${url}`, {
      method,
      agent,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const setCookie = response.headers['set-cookie']?.[0];
        resolve({ status: response.statusCode, json: JSON.parse(Buffer.concat(chunks).toString()), cookie: setCookie?.split(';')[0] });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

async function purchase(base, cookie, bookId, withCheck) {
  if (withCheck) {
    const check = await api(base, cookie, 'POST', '/order/book/manga_coin/buy_check', { book_id: bookId, request_price: 100 });
    if (check.status !== 200) throw new Error(`buy check: ${check.status} ${JSON.stringify(check.json)}`);
  }
  const token = (await api(base, cookie, 'GET', '/order/book/manga_coin/create_token')).json.status.token;
  const buy = await api(base, cookie, 'POST', '/order/book/manga_coin/buy', { token, book_id: bookId, checked_price: 100 });
  if (buy.status !== 200) throw new Error(`buy: ${buy.status} ${JSON.stringify(buy.json)}`);
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; null elsewhere). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
  } catch {
    return null;
  }
}

/** Measures one store (env: DATA_DIR and maybe DATABASE_URL) with `buyers` concurrent members. */
export async function measurePurchases(label, env, { buyers = 10, seconds = Number(process.env.BENCH_SECONDS ?? 10) } = {}) {
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { match } = await run([path.join(root, 'bench/purchases-setup.ts'), String(BOOKS)], env, /SETUP (\{.*\})/);
  const { firstBookId } = JSON.parse(match[1]);
  const server = await run([path.join(root, 'apps/server/src/main.ts')], { ...env, PORT: '0', HOST: '127.0.0.1', HONDANA_WEB: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' }, /本棚 is serving (http:\/\/\S+)/, process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean));
  const base = server.match[1].replace('localhost', '127.0.0.1');
  try {
    const members = [];
    for (let i = 0; i < buyers; i += 1) {
      const email = `buyer${i}-${Date.now()}@example.jp`;
      const signup = await api(base, '', 'POST', '/auth/signup', { email, password: 'bench-password', nickname: `buyer${i}`, birth_date: '1990-01-01' });
      await run([path.join(root, 'apps/server/src/admin.ts'), 'grant', '--email', email, '--currency', 'MANGA_COIN', '--amount', '10000000', '--reason', 'bench'], env);
      members.push(signup.cookie);
    }
    const next = members.map(() => 0);
    /** Buys for `seconds` after a 1 s warm-up; one table row. */
    const window = async (withCheck, flow) => {
      const latencies = [];
      let done = 0;
      const buyUntil = (until) =>
        Promise.all(members.map(async (cookie, i) => {
          while (Date.now() < until && next[i] < BOOKS) {
            const t0 = performance.now();
            await purchase(base, cookie, firstBookId + next[i]++, withCheck);
            latencies.push(performance.now() - t0);
            done += 1;
          }
        }));
      await buyUntil(Date.now() + 1000);
      done = 0;
      latencies.length = 0;
      const started = Date.now();
      const cpuBefore = cpuMsOf(server.child.pid);
      await buyUntil(started + seconds * 1000);
      const cpuAfter = cpuMsOf(server.child.pid);
      const elapsed = (Date.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);
      return {
        name: `purchases/s, ${buyers} concurrent buyers, ${flow}, ${label}`,
        rps: done / elapsed,
        p50: pct(50),
        p99: pct(99),
        purchases: done,
        /** Store CPU per purchase: one core without other load does about 1000 / this purchases/s. */
        cpuMsPerPurchase: cpuBefore === null || cpuAfter === null ? '-' : ((cpuAfter - cpuBefore) / done).toFixed(2),
      };
    };
    return [
      await window(true, 'buy check + token + buy'),
      await window(false, 'token + buy'),
    ];
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
  }
}

/** Rows for bench/run.mjs (SQLite, and PostgreSQL with BENCH_DATABASE_URL). */
export async function purchaseRows() {
  const rows = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-purchases-'));
  try {
    rows.push(...(await measurePurchases('SQLite (target ≥ 500)', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const name = `hondana_bench_purchases_${process.pid}`;
    const admin = async (sql) => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try { await client.query(sql); } finally { await client.end(); }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-purchases-'));
    try {
      rows.push(...(await measurePurchases('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: url.toString() })));
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await purchaseRows();
  console.log(`\n${new Date().toISOString()}\n`);
  console.log('| target | purchases/s | p50 ms | p99 ms | store CPU ms per purchase |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.cpuMsPerPurchase} |`);
}
