#!/usr/bin/env node
// Cart checkouts per second: `buyers` members at once each add 3 books to their cart
// (POST /cart/books), read the order preview, fetch a cart token and order the cart (order v3):
// four calls, one order of 3 books through the wallet's purchase. SQLite always; PostgreSQL too
// when BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped after).
// Uses bench/purchases-setup.ts for the catalog (one title, BOOKS books at 100 coins).
// `node bench/cart.mjs`
import path from 'node:path';
import { isMain, jsonClient, onEachDatabase, readyMembers, root, run, stopProcess } from './harness.mjs';

const BOOKS = 6000;
const PER_ORDER = 3;

const { api, agent } = jsonClient();

async function checkout(base, cookie, bookIds) {
  const added = await api(base, cookie, 'POST', '/cart/books', { book_ids: bookIds });
  if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.json)}`);
  const preview = await api(base, cookie, 'GET', '/cart/me/active_items');
  const token = (await api(base, cookie, 'GET', '/cart/create_token')).json.status.token;
  const body = {
    usePoint: 0,
    salePrice: preview.json.salePrice,
    bookIds: preview.json.items.map((i) => i.bookId),
    paymentType: 'MANGA_COIN',
  };
  const order = await api(base, cookie, 'POST', `/cart/order/v3?token=${token}`, body);
  if (order.status !== 200) throw new Error(`order: ${order.status} ${JSON.stringify(order.json)}`);
}

export async function measureCart(label, env, { buyers = 10, seconds = Number(process.env.BENCH_SECONDS ?? 8) } = {}) {
  const { match } = await run([path.join(root, 'bench/purchases-setup.ts'), String(BOOKS)], env, /SETUP (\{.*\})/);
  const { firstBookId } = JSON.parse(match[1]);
  const server = await run(
    [path.join(root, 'apps/server/src/main.ts')],
    { ...env, PORT: '0', HOST: '127.0.0.1', HONDANA_WEB: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    /本棚 is serving (http:\/\/\S+)/,
  );
  const base = server.match[1].replace('localhost', '127.0.0.1');
  try {
    const members = [];
    const emails = [];
    for (let i = 0; i < buyers; i += 1) {
      const email = `cart${i}-${Date.now()}@example.jp`;
      const signup = await api(base, '', 'POST', '/auth/signup', {
        email,
        password: 'bench-password',
        nickname: `cart${i}`,
        birth_date: '1990-01-01',
      });
      emails.push(email);
      members.push(signup.cookie);
    }
    await readyMembers(emails, env);
    // Each member buys from its own slice of the books.
    const slice = Math.floor(BOOKS / buyers);
    const next = members.map(() => 0);
    const latencies = [];
    let done = 0;
    const buyUntil = (until) =>
      Promise.all(
        members.map(async (cookie, i) => {
          while (Date.now() < until && next[i] + PER_ORDER <= slice) {
            const ids = Array.from({ length: PER_ORDER }, (_, k) => firstBookId + i * slice + next[i] + k);
            next[i] += PER_ORDER;
            const t0 = performance.now();
            await checkout(base, cookie, ids);
            latencies.push(performance.now() - t0);
            done += 1;
          }
        }),
      );
    await buyUntil(Date.now() + 1000);
    done = 0;
    latencies.length = 0;
    const started = Date.now();
    await buyUntil(started + seconds * 1000);
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);
    return {
      name: `cart checkouts/s (${PER_ORDER} books: add + preview + token + order v3), ${buyers} concurrent members, ${label}`,
      rps: done / elapsed,
      p50: pct(50),
      p99: pct(99),
    };
  } finally {
    await stopProcess(server.child);
  }
}

export async function cartRows() {
  const rows = await onEachDatabase('cart', async (label, env) => [await measureCart(label, env)]);
  agent.destroy();
  return rows;
}

if (isMain(import.meta.url)) {
  const rows = await cartRows();
  console.log(`\n${new Date().toISOString()}\n`);
  console.log('| target | checkouts/s | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} |`);
}
