#!/usr/bin/env node
// Completed single-book purchases per second: 10 members buy different books at once
// through the manga coin flow of §7: first the whole flow (buy check, order token, buy: three
// calls), then token + buy (what a purchase costs once checked). SQLite always; PostgreSQL too
// when BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped after).
// `node bench/purchases.mjs`, or from bench/run.mjs.
// BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' profiles the store process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMain, jsonClient, onEachDatabase, readyMembers, root, run, stopProcess } from './harness.mjs';

const BOOKS = 4000;

/** node:http keep-alive client, one pool per measured store. */
let client = jsonClient();
const api = (...args) => client.api(...args);

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
  client = jsonClient();
  const { match } = await run([path.join(root, 'bench/purchases-setup.ts'), String(BOOKS)], env, /SETUP (\{.*\})/);
  const { firstBookId } = JSON.parse(match[1]);
  const server = await run(
    [path.join(root, 'apps/server/src/main.ts')],
    { ...env, PORT: '0', HOST: '127.0.0.1', HONDANA_WEB: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    /本棚 is serving (http:\/\/\S+)/,
    { nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) },
  );
  const base = server.match[1].replace('localhost', '127.0.0.1');
  try {
    const members = [];
    const emails = [];
    for (let i = 0; i < buyers; i += 1) {
      const email = `buyer${i}-${Date.now()}@example.jp`;
      const signup = await api(base, '', 'POST', '/auth/signup', {
        email,
        password: 'bench-password',
        nickname: `buyer${i}`,
        birth_date: '1990-01-01',
      });
      emails.push(email);
      members.push(signup.cookie);
    }
    await readyMembers(emails, env);
    const next = members.map(() => 0);
    /** Buys for `seconds` after a 1 s warm-up; one table row. */
    const window = async (withCheck, flow) => {
      const latencies = [];
      let done = 0;
      const buyUntil = (until) =>
        Promise.all(
          members.map(async (cookie, i) => {
            while (Date.now() < until && next[i] < BOOKS) {
              const t0 = performance.now();
              await purchase(base, cookie, firstBookId + next[i]++, withCheck);
              latencies.push(performance.now() - t0);
              done += 1;
            }
          }),
        );
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
    return [await window(true, 'buy check + token + buy'), await window(false, 'token + buy')];
  } finally {
    client.agent.destroy();
    await stopProcess(server.child);
  }
}

/** Rows for bench/run.mjs (SQLite, and PostgreSQL with BENCH_DATABASE_URL). */
export function purchaseRows() {
  return onEachDatabase('purchases', (label, env) => measurePurchases(label === 'SQLite' ? 'SQLite (target ≥ 500)' : label, env));
}

if (isMain(import.meta.url)) {
  const rows = await purchaseRows();
  console.log(`\n${new Date().toISOString()}\n`);
  console.log('| target | purchases/s | p50 ms | p99 ms | store CPU ms per purchase |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.cpuMsPerPurchase} |`);
}
