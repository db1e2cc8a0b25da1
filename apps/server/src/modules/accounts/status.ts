import { type UserStatus } from '@hondana/domain/accounts/accounts-api';
import { ageOn } from '@hondana/domain/accounts/accounts';
import { tokyoDay } from '@hondana/domain/common/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from './sessions';
import { moneyStatusQuery } from './status.repository';

/** What §3 "User status" says about a member's money; a guest holds nothing. */
interface MoneyStatus {
  coin: number;
  mangaCoin: number;
  isFirstBuy: boolean;
  hasPaid: boolean;
  /** The top page the member registered (`/user_specify_top/register`), else null. */
  userSpecifyTop: string | null;
}

const GUEST_MONEY: MoneyStatus = { coin: 0, mangaCoin: 0, isFirstBuy: false, hasPaid: false, userSpecifyTop: null };

/**
 * A member's balances (unexpired lots) and first-purchase state, from the wallet's and orders'
 * own queries run as one statement, built once: members poll get_status, and four round trips
 * through the query builder cost more than the SQL.
 */
export async function moneyStatus(db: Kysely<Database>, userId: number, now: number): Promise<MoneyStatus> {
  const [row] = (await moneyStatusQuery.execute(db, { userId, now })).rows;
  return {
    coin: Number(row!.coin),
    mangaCoin: Number(row!.mangaCoin),
    isFirstBuy: row!.paidBookOrder === null,
    hasPaid: row!.paidMoneyOrder !== null,
    userSpecifyTop: row!.specifyTop ?? null,
  };
}

/**
 * §3 "User status" for a guest (`user` null) or a member with their money state, and the
 * operator's maintenance mode (`ops/maintenance.ts`), which the client reacts to.
 */
export function userStatus(
  user: SessionUser | null,
  now: Date,
  money: MoneyStatus = GUEST_MONEY,
  maintenanceMode: UserStatus['maintenanceMode'] = 'normal',
): UserStatus {
  return {
    isLogin: user !== null,
    loggedIn: user !== null,
    asid: user ? String(user.userId) : null,
    asidEncrypt: null,
    userId: user?.userId ?? null,
    clientId: null,
    isFirstBuy: money.isFirstBuy,
    firstBuyFlg: money.isFirstBuy,
    accessToken: null,
    defaultPaymentType: 'MANGA_COIN',
    defaultSerialPaymentType: 'MANGA_COIN',
    defaultCurrencyPaymentType: 'MANGA_COIN',
    amebaId: null,
    hasPaid: money.hasPaid,
    userSpecifyTop: money.userSpecifyTop,
    cluster: null,
    baseDate: tokyoDay(now),
    coin: money.coin,
    mangaCoin: money.mangaCoin,
    gender: null,
    age: user ? ageOn(user.birthDate, now) : null,
    loginCount: user?.loginCount ?? 0,
    adultState: user?.adultState ?? 'NONE',
    maintenanceMode,
    abTests: {},
  };
}
