import { type UserStatus, ageOn } from '@hondana/domain/accounts';
import { tokyoDay } from '@hondana/domain/time';
import type { SessionUser } from './sessions';

/**
 * §3 "User status" for a guest or a member. Balances and first-buy state belong to the
 * wallet and orders areas; until those exist a member holds nothing and has not paid.
 */
export function userStatus(user: SessionUser | null, now: Date): UserStatus {
  return {
    isLogin: user !== null,
    loggedIn: user !== null,
    asid: user ? String(user.userId) : null,
    asidEncrypt: null,
    userId: user?.userId ?? null,
    clientId: null,
    isFirstBuy: user !== null,
    firstBuyFlg: user !== null,
    accessToken: null,
    defaultPaymentType: 'MANGA_COIN',
    defaultSerialPaymentType: 'MANGA_COIN',
    defaultCurrencyPaymentType: 'MANGA_COIN',
    amebaId: null,
    hasPaid: false,
    userSpecifyTop: null,
    cluster: null,
    baseDate: tokyoDay(now),
    coin: 0,
    mangaCoin: 0,
    gender: null,
    age: user ? ageOn(user.birthDate, now) : null,
    loginCount: user?.loginCount ?? 0,
    adultState: user?.adultState ?? 'NONE',
    maintenanceMode: 'normal',
    abTests: {},
  };
}
