import { afterEach, describe, expect, it } from 'vitest';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import {
  type ProcessDatabase,
  type ServerProcess,
  client,
  confirmEmailThrough,
  createProcessDatabase,
  startServer,
} from './support/server-processes';
import { testDialect } from './support/test-database';
import { grantTo, ledgerInvariant } from './support/wallet-factories';

/**
 * Several store processes (`apps/server/src/main.ts`) on one PostgreSQL database, as behind a
 * load balancer: nothing one process keeps is needed by another, and a SIGTERM loses nothing.
 */
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.destroy();
  database = null;
});

async function start(env: Record<string, string> = {}) {
  const server = await startServer({ ...database!.env, ...env });
  servers.push(server);
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(testDialect !== 'postgres')('two processes on one PostgreSQL database', () => {
  it('one member alternates between them request by request; the login limit and a scheduled grant are shared', async () => {
    database = await createProcessDatabase();
    const db = database.handle.db;
    const title = await insertTitle(db);
    const book = await insertBook(db, title, 1, { price: 100 });
    const coming = await insertBook(db, title, 2, { price: 200, start_datetime: Date.now() + 86_400_000, sales_status: 'IN_RESERVATION' });
    await db
      .insertInto('pre_order_bonuses')
      .values({ name: '予約特典', rate: 0, points: 40, book_id: coming, title_id: null, start_at: 0, end_at: null })
      .execute();
    const [a, b] = await Promise.all([start({ TRUST_PROXY: '127.0.0.1' }), start({ TRUST_PROXY: '127.0.0.1' })]);
    const someone = createMember();

    // Signup on one, login on the other, the token from the first, the purchase on the second.
    const onA = client(`${a.url}/api`);
    expect((await onA.post('/auth/signup', someone)).status).toBe(200);
    const onB = client(`${b.url}/api`);
    const login = await onB.post('/auth/login', { email: someone.email, password: someone.password });
    expect(login.status).toBe(200);
    const userId = login.json.userId as number;
    await confirmEmailThrough(onB, database, userId);
    await grantTo(db, userId, 'MANGA_COIN', 500);
    const A = onB.at(`${a.url}/api`);
    const token = (await A.get('/order/book/manga_coin/create_token')).json.status!.token!;
    const bought = await onB.post('/order/book/manga_coin/buy', { token, book_id: book, checked_price: 100 });
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    expect((await A.post('/order/book/manga_coin/buy', { token, book_id: book, checked_price: 100 })).json).toEqual(bought.json);
    const reviewToken = (await A.get('/review_title/create_token')).json.status!.token!;
    const reviewed = await onB.post('/review_title/add_review', {
      token: reviewToken,
      title_id: String(title),
      star: 5,
      title: '最高',
      comment: '二つのプロセスで書いた',
      nickname: 'テスト',
      ameba: 0,
      spoiler: 0,
    });
    expect(reviewed.status, JSON.stringify(reviewed.json)).toBe(200);
    const list = await A.get(`/title_reviews/list?title_id=${title}&sort=new&offset=0&limit=10`);
    expect(JSON.stringify(list.json)).toContain('二つのプロセスで書いた');
    const preOrderToken = (await onB.get('/pre_order/create_token')).json.status!.token!;
    expect((await A.post(`/pre_order/manga_coin/order/book?token=${preOrderToken}`, { bookId: coming, price: 200 })).status).toBe(200);
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(200);

    // Eleven failed logins on one account, alternating processes, from a new address each time
    // (the processes trust the local proxy's X-Forwarded-For): the eleventh is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${(i % 2 ? b : a).url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: 'target@example.jp', password: 'wrong-password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);

    // The release passes and the settlement is due: two new processes start at once, and
    // each runs due jobs on start. The bonus is granted once.
    await Promise.all(servers.splice(0).map((s) => s.stop('SIGTERM')));
    await db
      .updateTable('books')
      .set({ start_datetime: Date.now() - 1000 })
      .where('id', '=', coming)
      .execute();
    await db.updateTable('scheduler_jobs').set({ next_run_at: 0 }).execute();
    const pointsBefore = (await ledgerInvariant(db, userId, Date.now())).POINT;
    const jobRow = () =>
      db.selectFrom('scheduler_jobs').select(['runs', 'lease_owner']).where('name', '=', 'pre-order-bonus-settlement').executeTakeFirst();
    // The first two processes ran the job once if their first tick came before their SIGTERM
    // (within a second of starting; a quick run of the steps above can beat it): count from here.
    const runsBefore = (await jobRow())?.runs ?? 0;
    await Promise.all([start(), start()]);
    let grant: { status: string } | undefined;
    for (let i = 0; i < 100 && grant?.status !== 'GRANTED'; i++) {
      await sleep(100);
      grant = await db.selectFrom('pre_order_bonus_grants').select('status').executeTakeFirst();
    }
    expect(grant?.status).toBe('GRANTED');
    // Both schedulers tick within a second of starting; on a loaded machine the processes may
    // take longer to get there, so wait for the run to be recorded rather than a fixed time.
    let job = await jobRow();
    for (let i = 0; i < 150 && (!job || job.runs < runsBefore + 1 || job.lease_owner !== null); i++) {
      await sleep(100);
      job = await jobRow();
    }
    await sleep(1500); // the other scheduler's tick, skipped on the lease, has come and gone
    job = await jobRow();
    expect((await ledgerInvariant(db, userId, Date.now())).POINT).toBe(pointsBefore + 40);
    expect(job?.lease_owner).toBeNull();
    expect(job?.runs).toBe(runsBefore + 1); // the two new processes ran the due job once between them
  }, 180_000);

  it('SIGTERM to one of two processes during purchases over both: /readyz turns 503, every 2xx purchase is committed, no 5xx', async () => {
    database = await createProcessDatabase();
    const db = database.handle.db;
    const title = await insertTitle(db);
    const bookIds: number[] = [];
    for (let i = 1; i <= 400; i += 1) bookIds.push(await insertBook(db, title, i, { price: 100 }));
    const [a, b] = await Promise.all([start(), start({ SHUTDOWN_DELAY_MS: '400', SHUTDOWN_TIMEOUT_MS: '10000' })]);
    const member = client(`${a.url}/api`);
    const signup = await member.post('/auth/signup', createMember());
    const userId = signup.json.userId as number;
    await confirmEmailThrough(member, database!, userId);
    await grantTo(db, userId, 'MANGA_COIN', 1_000_000, { paid: true, yenValue: 1_000_000 });
    const apis = [member, member.at(`${b.url}/api`)];

    const answered: { bookId: number; status: number; process: number }[] = [];
    const failures: string[] = [];
    let next = 0;
    const buyOn = async (process: number, bookId: number) => {
      const api = apis[process]!;
      try {
        const token = (await api.get('/order/book/manga_coin/create_token')).json.status?.token;
        const response = await api.post('/order/book/manga_coin/buy', { token, book_id: bookId, checked_price: 100 });
        answered.push({ bookId, status: response.status, process });
      } catch (error) {
        // Only a connection refused or closed by the stopping process may fail.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        failures.push(cause?.code ?? cause?.message ?? String(error));
      }
    };
    const worker = async (index: number) => {
      while (next < bookIds.length) {
        const i = next++;
        await buyOn((i + index) % 2, bookIds[i]!);
      }
    };
    const stream = Promise.all(Array.from({ length: 6 }, (_, i) => worker(i)));
    while (answered.filter((r) => r.process === 1 && r.status === 200).length < 15) await sleep(10);

    const signalled = Date.now();
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      b.child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    b.child.kill('SIGTERM');
    await sleep(100);
    const readiness = await fetch(`${b.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(((await readiness.json()) as { checks: Record<string, string> }).checks.shutdown).toBe('shutting down');
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    const exit = await exited;
    await stream;

    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(answered.filter((r) => r.status >= 500)).toEqual([]);
    expect(
      new Set(failures).size === 0 ||
        [...new Set(failures)].every((f) => /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|other side closed|socket/i.test(f)),
    ).toBe(true);
    const afterSignal = answered.filter((r) => r.process === 1 && r.status === 200);
    expect(afterSignal.length).toBeGreaterThanOrEqual(15);
    expect(answered.filter((r) => r.process === 0 && r.status === 200).length).toBeGreaterThan(0);

    const owned = new Set(
      (await db.selectFrom('user_books').select('book_id').where('user_id', '=', userId).execute()).map((r) => r.book_id),
    );
    for (const r of answered.filter((x) => x.status === 200)) expect(owned.has(r.bookId)).toBe(true);
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'BOOK')
      .execute();
    expect(orders.every((o) => o.status === 'COMPLETE')).toBe(true);
    expect(owned.size).toBe(orders.length);
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(1_000_000 - 100 * orders.length);
  }, 180_000);
});
