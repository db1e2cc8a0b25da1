import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '@hondana/domain/common/errors';
import { issueToken, TOKEN_TTL_MS, withOneTimeToken } from '../src/modules/tokens/one-time-tokens';
import { type TestDatabase, createTestDatabase } from './support/test-database';

let database: TestDatabase;
let userId: number;
let otherUserId: number;
const now = Date.parse('2026-11-22T03:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const insert = (email: string) =>
    database.db
      .insertInto('users')
      .values({
        email,
        password_hash: 'x',
        nickname: 'n',
        profile: '',
        image_flg: 0,
        birth_date: '1990-01-01',
        adult_state: 'NONE',
        login_count: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  userId = (await insert('token-a@example.jp')).id;
  otherUserId = (await insert('token-b@example.jp')).id;
});
afterAll(() => database.destroy());

/** A mutation whose effect can be counted: it adds one to the member's login count. */
const bump = (request: unknown, token: string, at = now) =>
  withOneTimeToken(database.db, { token, userId, purpose: 'test', request, now: at }, async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ login_count: eb('login_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    const row = await trx.selectFrom('users').select('login_count').where('id', '=', userId).executeTakeFirstOrThrow();
    return { body: { count: row.login_count } };
  });
const count = async () =>
  (await database.db.selectFrom('users').select('login_count').where('id', '=', userId).executeTakeFirstOrThrow()).login_count;

it('a token replayed 20 times in parallel runs the mutation once and every caller gets its answer', async () => {
  const before = await count();
  const token = await issueToken(database.db, userId, 'test', now);
  const results = await Promise.all(Array.from({ length: 20 }, () => bump({ a: 1 }, token)));
  expect(await count()).toBe(before + 1);
  expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
  expect(results.filter((r) => !r.replayed)).toHaveLength(1);
});

it('a replay with different parameters is refused and changes nothing', async () => {
  const token = await issueToken(database.db, userId, 'test', now);
  await bump({ a: 1 }, token);
  const before = await count();
  await expect(bump({ a: 2 }, token)).rejects.toMatchObject({ errorCode: 'TOKEN_REUSED_WITH_DIFFERENT_REQUEST' });
  expect(await count()).toBe(before);
});

it('an expired, unknown, foreign or wrong-purpose token is refused', async () => {
  const expired = await issueToken(database.db, userId, 'test', now - TOKEN_TTL_MS - 1);
  await expect(bump({}, expired)).rejects.toMatchObject({ errorCode: 'INVALID_TOKEN' });
  await expect(bump({}, 'never-issued')).rejects.toMatchObject({ errorCode: 'INVALID_TOKEN' });
  const foreign = await issueToken(database.db, otherUserId, 'test', now);
  await expect(bump({}, foreign)).rejects.toMatchObject({ errorCode: 'INVALID_TOKEN' });
  const otherPurpose = await issueToken(database.db, userId, 'wish_add', now);
  await expect(bump({}, otherPurpose)).rejects.toBeInstanceOf(AppError);
});

it('a mutation that fails leaves the token unused, so the client can retry', async () => {
  const token = await issueToken(database.db, userId, 'test', now);
  const failing = withOneTimeToken(database.db, { token, userId, purpose: 'test', request: {}, now }, async () => {
    throw new AppError(400, 'BAD_REQUEST');
  });
  await expect(failing).rejects.toMatchObject({ errorCode: 'BAD_REQUEST' });
  const before = await count();
  expect((await bump({}, token)).replayed).toBe(false);
  expect(await count()).toBe(before + 1);
});
