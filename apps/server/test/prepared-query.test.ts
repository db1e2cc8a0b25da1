import { afterAll, beforeAll, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared-query';
import { type TestDatabase, createTestDatabase } from './support/test-database';

let database: TestDatabase;
const now = Date.parse('2026-11-22T03:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('users')
    .values(
      ['a', 'b', 'c'].map((name, i) => ({
        email: `prepared-${name}@example.jp`,
        password_hash: 'x',
        nickname: name,
        profile: '',
        image_flg: 0,
        birth_date: '1990-01-01',
        adult_state: 'NONE' as const,
        login_count: i,
        created_at: now,
      })),
    )
    .execute();
});
afterAll(() => database.destroy());

const byLoginCount = preparedQuery((db, $: { min: number; max: number }) =>
  db.selectFrom('users').select('nickname').where('login_count', '>=', $.min).where('login_count', '<=', $.max).orderBy('nickname'),
);

it('compiles once and binds each run its own values, inside and outside a transaction', async () => {
  expect((await byLoginCount.execute(database.db, { min: 0, max: 1 })).rows.map((r) => r.nickname)).toEqual(['a', 'b']);
  expect((await byLoginCount.execute(database.db, { min: 2, max: 9 })).rows.map((r) => r.nickname)).toEqual(['c']);
  await database.db.transaction().execute(async (trx) => {
    expect((await byLoginCount.execute(trx, { min: 1, max: 2 })).rows.map((r) => r.nickname)).toEqual(['b', 'c']);
  });
});

it('builds a variant per shape (here: how many names are listed), a value used twice bound twice', async () => {
  const named = preparedQuery((db, $: Record<string, string>, count: number) => {
    const names = Array.from({ length: count }, (_, i) => $[`name${i}`]!);
    return db
      .selectFrom('users')
      .select('nickname')
      .where('nickname', 'in', names)
      .where((eb) => eb.or(names.map((n) => eb('nickname', '=', n))))
      .orderBy('nickname');
  });
  expect((await named.execute(database.db, { name0: 'c' }, 1)).rows.map((r) => r.nickname)).toEqual(['c']);
  expect((await named.execute(database.db, { name0: 'a', name1: 'c' }, 2)).rows.map((r) => r.nickname)).toEqual(['a', 'c']);
  expect((await named.execute(database.db, { name0: 'b' }, 1)).rows.map((r) => r.nickname)).toEqual(['b']);
});

it('takes a shape of plain data, built once per distinct value', async () => {
  let builds = 0;
  const sorted = preparedQuery((db, $: { min: number }, shape: { descending: boolean; limit: number }) => {
    builds += 1;
    return db
      .selectFrom('users')
      .select('nickname')
      .where('login_count', '>=', $.min)
      .orderBy('nickname', shape.descending ? 'desc' : 'asc')
      .limit(shape.limit);
  });
  expect((await sorted.execute(database.db, { min: 0 }, { descending: true, limit: 2 })).rows.map((r) => r.nickname)).toEqual(['c', 'b']);
  expect((await sorted.execute(database.db, { min: 0 }, { descending: true, limit: 2 })).rows.map((r) => r.nickname)).toEqual(['c', 'b']);
  expect((await sorted.execute(database.db, { min: 0 }, { descending: false, limit: 1 })).rows.map((r) => r.nickname)).toEqual(['a']);
  expect(builds).toBe(2);
});

it('refuses a parameter that does not end up bound to the statement', async () => {
  const unbound = preparedQuery((db, $: { min: number; unused: number }) => {
    void $.unused;
    return db.selectFrom('users').select('nickname').where('login_count', '>=', $.min);
  });
  await expect(unbound.execute(database.db, { min: 0, unused: 1 })).rejects.toThrow(/not bound/);
});
