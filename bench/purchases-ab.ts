// Paired A/B of store CPU per purchase between two checkouts of this repository (say, a
// `git worktree` of the commit before a change and this one): both stores run in this one process
// on fresh SQLite databases and their windows interleave, so a noisy machine slows both alike.
// Driven with app.inject (no sockets): 10 members, token + buy, then buy check + token + buy, then
// cart checkouts (3 books: add + preview + token + order v3, as bench/cart.mjs).
// `TREES=/path/before,/path/after node --import tsx bench/purchases-ab.ts` (REPS, PER: windows, purchases per member).
// `npm run bench -- --compare REF` runs it against a worktree of REF (bench/compare.mjs).
// STATEMENTS=cpu: also each SQLite statement's process CPU per token + buy purchase (better-sqlite3's
// Statement run/get/all/iterate wrapped, by SQL); STATEMENTS=frames: the WAL frames (4 KiB pages)
// each transaction writes (the WAL checkpointed before it; slow, for counting only).
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
const BOOKS = Number(process.env.BOOKS ?? 12000);
const STATEMENTS = process.env.STATEMENTS;
/** Per tree: SQL → [calls, total CPU µs or WAL frames], counted while `counting`. */
const statementStats: Map<string, [number, number]>[] = [];
let counting = false;
type Statement = { source: string; database: { inTransaction: boolean; name: string; pragma(s: string): unknown } };
function countStatements(tree: string) {
  const stats = new Map<string, [number, number]>();
  statementStats.push(stats);
  const SQLite = createRequire(`${tree}/apps/server/package.json`)('better-sqlite3');
  const proto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method];
    proto[method] = function (this: Statement, ...args: unknown[]) {
      if (!counting || this.source.startsWith('PRAGMA')) return original.apply(this, args);
      const { database } = this;
      if (STATEMENTS === 'frames' && !database.inTransaction && method !== 'iterate')
        try {
          database.pragma('wal_checkpoint(TRUNCATE)');
        } catch {
          // another statement of the connection is still reading (an iterate): not checkpointed, counted anyway
        }
      const c0 = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const c = process.cpuUsage(c0);
        const wal = `${database.name}-wal`;
        const value =
          STATEMENTS === 'frames'
            ? !database.inTransaction && existsSync(wal)
              ? Math.floor(statSync(wal).size / 4120)
              : 0
            : c.user + c.system;
        const s = stats.get(this.source) ?? [0, 0];
        stats.set(this.source, [s[0] + 1, s[1] + value]);
      }
    };
  }
}
async function setup(tree: string) {
  const M = `${tree}/apps/server/src`;
  const { openDatabase } = await import(`${M}/db/database.ts`);
  const { migrateToLatest } = await import(`${M}/db/migrate.ts`);
  const { buildApp } = await import(`${M}/app.ts`);
  // The money core's place: `modules/ledger/` (a tree from before it had its own area: `modules/wallet/`).
  const ledger = existsSync(`${M}/modules/ledger/ledger.ts`) ? `${M}/modules/ledger/ledger.ts` : `${M}/modules/wallet/ledger.ts`;
  const { grant } = await import(ledger);
  const dir = mkdtempSync(path.join(tmpdir(), 'hondana-ab-'));
  const database = openDatabase({ dataDir: dir });
  if (STATEMENTS) countStatements(tree);
  await migrateToLatest(database.db);
  const title = await database.db
    .insertInto('titles')
    .values({
      name: 'b',
      kana: 'b',
      description: '',
      page_type: 'male',
      genre_id: null,
      erotic_type: 0,
      complete_flg: 0,
      magazine_id: null,
      publisher_id: null,
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let s = 0; s < BOOKS; s += 500) {
    const rows = [];
    for (let vol = s + 1; vol <= Math.min(BOOKS, s + 500); vol++)
      rows.push({
        title_id: title.id,
        vol,
        contents_name: `b ${vol}`,
        description: '',
        price: 100,
        tax_amount: 9,
        start_datetime: 0,
        sales_status: 'ON_SALE',
        layout_type: 0,
        direction: 'rtl',
        page_count: 10,
        sample_page_total: 2,
        free_flg: 0,
        imaged_reflow: 0,
        created_at: 0,
      });
    await database.db.insertInto('books').values(rows).execute();
  }
  const first = (await database.db.selectFrom('books').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const app = await buildApp({
    database,
    config: { cookieSecure: false, dataDir: dir, secrets: { mediaUrlKey: 'k' } },
    authRateLimit: 1000,
    web: false,
  });
  await app.ready();
  const members: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `m${i}@example.jp`, password: 'bench-password', nickname: `m${i}`, birth_date: '1990-01-01' },
    });
    members.push(String(r.headers['set-cookie']).split(';')[0]);
  }
  // A tree from issue 38 on sells only to a confirmed address: the members' are confirmed here.
  const columns = await database.db.introspection
    .getTables()
    .then((tables: { name: string; columns: { name: string }[] }[]) => tables.find((t) => t.name === 'users')?.columns ?? []);
  if (columns.some((c) => c.name === 'email_confirmed_at'))
    await database.db
      .updateTable('users')
      .set({ email_confirmed_at: Date.now() } as never)
      .execute();
  for (const u of await database.db.selectFrom('users').select('id').execute())
    await database.db.transaction().execute((trx: unknown) =>
      grant(trx as never, {
        userId: u.id,
        currency: 'MANGA_COIN',
        amount: 10_000_000,
        paid: true,
        expiresAt: Date.now() + 1e11,
        reason: 'b',
        now: Date.now(),
      }),
    );
  const next = members.map((_, i) => i * Math.floor(BOOKS / 10));
  const api = async (cookie: string, method: string, url: string, payload?: unknown) => {
    const r = await app.inject({ method: method as 'GET', url: `/api${url}`, headers: { cookie }, payload: payload as object });
    if (r.statusCode !== 200) throw new Error(`${url} ${r.statusCode} ${r.body}`);
    return JSON.parse(r.body);
  };
  async function buy(i: number, withCheck: boolean) {
    const bookId = first + next[i]++;
    if (withCheck) await api(members[i], 'POST', '/order/book/manga_coin/buy_check', { book_id: bookId, request_price: 100 });
    const token = (await api(members[i], 'GET', '/order/book/manga_coin/create_token')).status.token;
    await api(members[i], 'POST', '/order/book/manga_coin/buy', { token, book_id: bookId, checked_price: 100 });
  }
  async function checkout(i: number) {
    const bookIds = [0, 1, 2].map(() => first + next[i]++);
    await api(members[i], 'POST', '/cart/books', { book_ids: bookIds });
    const preview = await api(members[i], 'GET', '/cart/me/active_items');
    const token = (await api(members[i], 'GET', '/cart/create_token')).status.token;
    const body = {
      usePoint: 0,
      salePrice: preview.salePrice,
      bookIds: preview.items.map((it: { bookId: number }) => it.bookId),
      paymentType: 'MANGA_COIN',
    };
    await api(members[i], 'POST', `/cart/order/v3?token=${token}`, body);
  }
  async function window(per: number, withCheck: boolean | 'cart') {
    const c0 = process.cpuUsage();
    await Promise.all(
      members.map(async (_, i) => {
        for (let k = 0; k < per; k++) await (withCheck === 'cart' ? checkout(i) : buy(i, withCheck));
      }),
    );
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / (per * 10);
  }
  return {
    window,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
const trees = (process.env.TREES ?? '').split(',').filter(Boolean);
if (trees.length === 0) throw new Error('TREES=/path/a,/path/b (checkouts with node_modules) is required');
const sides = [];
for (const t of trees) sides.push(await setup(t));
for (const s of sides) {
  await s.window(20, false);
  await s.window(10, true);
  await s.window(5, 'cart');
}
const per = Number(process.env.PER ?? 30);
const res = sides.map(() => ({ tb: [] as number[], fl: [] as number[], cart: [] as number[] }));
for (let rep = 0; rep < Number(process.env.REPS ?? 10); rep++) {
  for (let k = 0; k < sides.length; k++) {
    const j = (k + rep) % sides.length;
    counting = true;
    res[j].tb.push(await sides[j].window(per, false));
    counting = false;
  }
  for (let k = 0; k < sides.length; k++) {
    const j = (k + rep) % sides.length;
    res[j].fl.push(await sides[j].window(per / 2, true));
  }
  for (let k = 0; k < sides.length; k++) {
    const j = (k + rep) % sides.length;
    res[j].cart.push(await sides[j].window(Math.max(1, Math.floor(per / 6)), 'cart'));
  }
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)];
const sum = (x: number[]) => x.reduce((a, b) => a + b, 0);
trees.forEach((t, j) =>
  console.log(
    `${t}: token+buy cpu/purchase min ${Math.min(...res[j].tb).toFixed(3)} med ${med(res[j].tb).toFixed(3)} mean ${(sum(res[j].tb) / res[j].tb.length).toFixed(3)} | full flow min ${Math.min(...res[j].fl).toFixed(3)} med ${med(res[j].fl).toFixed(3)} mean ${(sum(res[j].fl) / res[j].fl.length).toFixed(3)} | cart checkout min ${Math.min(...res[j].cart).toFixed(3)} med ${med(res[j].cart).toFixed(3)} ms`,
  ),
);
// paired ratios
const ratios = res[1] ? res[1].tb.map((v, i) => v / res[0].tb[i]) : [];
if (ratios.length)
  console.log(
    `paired CPU ratio B/A (median of the rounds): token+buy ${med(ratios).toFixed(3)}; full flow ${med(res[1].fl.map((v, i) => v / res[0].fl[i])).toFixed(3)}; cart checkout ${med(res[1].cart.map((v, i) => v / res[0].cart[i])).toFixed(3)}`,
  );
if (STATEMENTS) {
  // Per token + buy purchase: calls × (µs CPU or frames) each, per tree, the costliest first.
  const purchases = Number(process.env.REPS ?? 10) * per * 10;
  const each = (s: [number, number] | undefined) =>
    s ? `${(s[0] / purchases).toFixed(2)} × ${(s[1] / s[0]).toFixed(1).padStart(6)}` : ' '.repeat(15);
  const cost = (sql: string) => statementStats.reduce((a, m) => a + (m.get(sql)?.[1] ?? 0), 0);
  const sqls = [...new Set(statementStats.flatMap((m) => [...m.keys()]))].sort((p, q) => cost(q) - cost(p));
  for (const sql of sqls)
    console.log(`${statementStats.map((m) => each(m.get(sql))).join(' | ')} | ${sql.replace(/\s+/g, ' ').slice(0, 110)}`);
  console.log(
    `per purchase (${STATEMENTS === 'frames' ? 'WAL frames' : 'µs CPU'}): ${statementStats.map((m) => ([...m.values()].reduce((a, s) => a + s[1], 0) / purchases).toFixed(1)).join(' | ')}`,
  );
}
for (const s of sides) await s.close();
