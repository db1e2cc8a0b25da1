import { REAUTHENTICATED_FOR_MS } from '@hondana/domain/accounts/account-settings';
import type { WithdrawalSummary } from '@hondana/domain/accounts/account-settings-api';
import type { ResultOk } from '@hondana/domain/accounts/accounts-api';
import { AppError, ErrorCode, unauthorized } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { deleteLinksOf } from './account-links.repository';
import * as users from './accounts.repository';
import { verifyPassword } from './passwords';
import { deleteSessionsOf, markPasswordConfirmed, passwordConfirmedAt } from './sessions.repository';
import { withdrawalSummaryQuery } from './withdrawal.repository';

/**
 * What other areas do when a member leaves, passed in by `app.ts` (they depend on accounts, so
 * accounts cannot import them): the subscriptions withdrawal cancels, and the steps run in the
 * withdrawal's transaction (subscriptions cancelled, reviews' author anonymised, my list and
 * notice settings dropped).
 */
export interface WithdrawalParts {
  subscriptionsOf(db: Db, userId: number): Promise<{ name: string }[]>;
  steps: ((trx: Transaction<Database>, userId: number, now: number) => Promise<void>)[];
  /** Run once the withdrawal's transaction committed (a payment provider's calls, which no transaction may wait on). */
  afterwards?: (db: Db, userId: number, now: number) => Promise<void>;
}

const recentlyConfirmed = (at: number | null, now: number) => at !== null && now - Number(at) <= REAUTHENTICATED_FOR_MS;

/** `GET /user/withdrawal/summary`: what is lost (volumes, coins, points, subscriptions) and whether the password was given. */
export async function withdrawalSummary(
  db: Db,
  parts: WithdrawalParts,
  userId: number,
  sessionHash: string,
  now: number,
): Promise<WithdrawalSummary> {
  const [[row], subscriptions, confirmedAt] = await Promise.all([
    withdrawalSummaryQuery(db, userId, now).execute(),
    parts.subscriptionsOf(db, userId),
    passwordConfirmedAt(db, sessionHash),
  ]);
  return {
    books: Number(row?.books ?? 0),
    mangaCoin: Number(row?.mangaCoin ?? 0),
    coin: Number(row?.coin ?? 0),
    points: Number(row?.points ?? 0),
    subscriptions,
    passwordConfirmed: recentlyConfirmed(confirmedAt, now),
  };
}

/** `POST /user/reauthenticate`: the password given again; withdrawal may go ahead for a few minutes in this session. */
export async function reauthenticate(db: Db, userId: number, sessionHash: string, password: string, now: number): Promise<ResultOk> {
  const user = await users.findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, password))) {
    throw new AppError(400, ErrorCode.INVALID_CREDENTIALS, ['password: パスワードが正しくありません']);
  }
  await markPasswordConfirmed(db, sessionHash, now);
  return { result: 'OK' };
}

/**
 * `GET /user/withdrawal` (§7, with its token; the caller's one-time-token transaction): once the
 * password was given in this session, the account closes. Every session and link ends, the
 * other areas' steps run (subscriptions cancelled, reviews anonymised, my list dropped), the
 * member's personal fields are blanked and the address is freed; orders and the ledger stay as
 * the law requires, pointing at the anonymised row. A last mail goes to the address they had.
 */
export async function withdraw(
  trx: Transaction<Database>,
  parts: WithdrawalParts,
  userId: number,
  sessionHash: string,
  now: number,
): Promise<ResultOk> {
  if (!recentlyConfirmed(await passwordConfirmedAt(trx, sessionHash), now)) {
    throw new AppError(403, ErrorCode.FORBIDDEN, ['password: 退会の前にパスワードを入力してください']);
  }
  const user = await users.findUserById(trx, userId);
  if (!user) throw unauthorized();
  for (const step of parts.steps) await step(trx, userId, now);
  await users.deleteAppData(trx, userId);
  await deleteLinksOf(trx, userId);
  await deleteSessionsOf(trx, userId);
  if (!(await users.withdrawUser(trx, userId, now))) throw unauthorized();
  await enqueueMail(
    trx,
    { kind: 'WITHDRAWAL_DONE', key: `withdrawal:${userId}`, to: user.email, data: { nickname: user.nickname, at: now } },
    now,
  );
  return { result: 'OK' };
}
