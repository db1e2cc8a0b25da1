import {
  type AdultCheckResponse,
  AdultState,
  type LoginBody,
  type ModProfileBody,
  type ResultOk,
  type SignupBody,
  type UserProfile,
} from '@hondana/domain/accounts/accounts-api';
import { ageOn, isAdultEligible } from '@hondana/domain/accounts/accounts';
import { AppError, ErrorCode, unauthorized } from '@hondana/domain/common/errors';
import { tokyoDay } from '@hondana/domain/common/time';
import type { Db } from '../../db/schema';
import * as users from './accounts.repository';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { pendingEmailChange } from './account-links.repository';
import { mailEmailConfirmation } from './email.service';
import { type SessionDevice, UNKNOWN_DEVICE, createSession } from './sessions';

export interface SignedIn {
  userId: number;
  sessionSecret: string;
}

/**
 * A new member, signed in, with the confirmation link of their address mailed in the same
 * transaction: until they open it they browse and read free books, and paid purchases wait.
 */
export async function signup(db: Db, body: SignupBody, now: Date, device: SessionDevice = UNKNOWN_DEVICE): Promise<SignedIn> {
  if (body.birth_date > tokyoDay(now)) {
    throw new AppError(400, ErrorCode.BAD_REQUEST, ['birth_date: is in the future']);
  }
  const passwordHash = await hashPassword(body.password);
  const at = now.getTime();
  return db.transaction().execute(async (trx) => {
    const userId = await users.insertUser(trx, {
      email: body.email,
      password_hash: passwordHash,
      nickname: body.nickname,
      birth_date: body.birth_date,
      created_at: at,
    });
    if (userId === null) {
      throw new AppError(400, ErrorCode.EMAIL_ALREADY_REGISTERED, ['email: このメールアドレスは登録済みです']);
    }
    await mailEmailConfirmation(trx, { id: userId, email: body.email, nickname: body.nickname }, at);
    await users.recordLogin(trx, userId, at);
    return { userId, sessionSecret: await createSession(trx, userId, at, device) };
  });
}

/** Wrong email and wrong password answer alike, and take alike long. */
export async function login(db: Db, body: LoginBody, now: Date, device: SessionDevice = UNKNOWN_DEVICE): Promise<SignedIn> {
  const user = await users.findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash || (await decoyHash), body.password);
  if (!user || !ok) {
    throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, ['メールアドレスまたはパスワードが正しくありません']);
  }
  if (user.suspended_at !== null) throw new AppError(403, ErrorCode.FORBIDDEN, ['このアカウントは利用を停止されています']);
  await users.recordLogin(db, user.id, now.getTime());
  return { userId: user.id, sessionSecret: await createSession(db, user.id, now.getTime(), device) };
}

export async function getProfile(db: Db, userId: number, now: Date): Promise<UserProfile> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthorized();
  return {
    userId: user.id,
    email: user.email,
    nickname: user.nickname,
    profile: user.profile,
    imageFlg: user.image_flg,
    birthDate: user.birth_date,
    adultState: user.adult_state,
    adultEligible: isAdultEligible(user.birth_date, now),
    createdAt: new Date(user.created_at).toISOString(),
    emailConfirmed: user.email_confirmed_at !== null,
    pendingEmail: await pendingEmailChange(db, userId, now.getTime()),
  };
}

export async function modProfile(db: Db, userId: number, body: ModProfileBody): Promise<ResultOk> {
  await users.updateProfile(db, userId, { nickname: body.name, profile: body.profile, image_flg: body.image_flg });
  return { result: 'OK' };
}

/**
 * `GET /adult/check` (§4, §6): a member of 18 or over confirms their age and their adult
 * state becomes ADULT; an under-18 member is refused; a guest must log in first.
 */
export async function confirmAdult(db: Db, user: { userId: number; birthDate: string }, now: Date): Promise<AdultCheckResponse> {
  const age = ageOn(user.birthDate, now);
  if (!isAdultEligible(user.birthDate, now)) {
    throw new AppError(403, ErrorCode.FORBIDDEN, ['18歳未満の方はご利用いただけません']);
  }
  await users.setAdultState(db, user.userId, AdultState.ADULT);
  return { adultState: AdultState.ADULT, age };
}
