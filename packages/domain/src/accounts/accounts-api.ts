/**
 * Request and response schemas of the accounts API (signup, login, profile). The rules they
 * share with the pages (a real calendar date, age and adult eligibility, a safe callback) are in
 * `accounts.ts`.
 */
import { z } from 'zod';
import { OkStatus } from '../common/responses';
import { isCalendarDate } from './accounts';

export const AdultState = { NONE: 'NONE', ADULT: 'ADULT' } as const;
export type AdultState = (typeof AdultState)[keyof typeof AdultState];

/** The signed-in member a page is rendered for, read from the session cookie by the server. */
export interface Viewer {
  userId: number;
  nickname: string;
  adultState: AdultState;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NICKNAME_MAX_LENGTH = 20;
export const PROFILE_MAX_LENGTH = 400;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'not a valid email address' }));
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const nickname = z.string().trim().min(1).max(NICKNAME_MAX_LENGTH);
const birthDate = z
  .string()
  .refine(isCalendarDate, { message: 'must be a date written YYYY-MM-DD' })
  .refine((v) => v >= '1900-01-01', { message: 'is too far in the past' });

export const SignupBody = z.object({
  email,
  password,
  nickname,
  birth_date: birthDate,
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** `POST /user/mod_profile` (§5: token, name, profile, imageFlg). */
export const ModProfileQuery = z.object({ token: z.string().min(1).max(200) });
export const ModProfileBody = z.object({
  name: nickname,
  profile: z.string().max(PROFILE_MAX_LENGTH),
  image_flg: z.coerce.number().int().min(0).max(1),
});
export type ModProfileBody = z.infer<typeof ModProfileBody>;

export const TokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * `POST /user_specify_top/register`: `page_type` (§5 pageType; either spelling is taken), a §9
 * page type; an unknown one is 400 PAGE_TYPE_NOT_EXISTS. Answers { status: { code: 0 }, userSpecifyTop }.
 */
export const SpecifyTopBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('page_type' in v) && 'pageType' in v ? { ...v, page_type: (v as { pageType: unknown }).pageType } : v,
  z.object({ page_type: z.string({ message: 'is required' }).min(1, 'is required').max(40) }),
);
/** `GET /common/update_user_login`: the app's login ping with where it came from. */
export const UpdateUserLoginQuery = z.object({
  referrer: z.string().max(2000).optional(),
  hash: z.string().max(200).optional(),
});
/** `GET /user/set_sns`: link (1) or unlink (0) an SNS for sharing. */
export const SetSnsQuery = z.object({
  auth_name: z.string({ message: 'is required' }).regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be an SNS name (a-z, 0-9, _)'),
  status: z.coerce.number({ message: 'must be 0 or 1' }).int().min(0).max(1),
});
/** `POST /auth/signup`: the new member, where to go next, and whether the page should go there itself. */
export const SignupResponse = z.object({ userId: z.number(), callback: z.string(), redirect: z.boolean() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** `POST /auth/login`: the member and where to go next (a path on this site). */
export const LoginResponse = z.object({ userId: z.number(), callback: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `{ result: 'OK' }`: logout, mod_profile and withdrawal. */
export const ResultOk = z.object({ result: z.literal('OK') });
export type ResultOk = z.infer<typeof ResultOk>;

const adultState = z.enum([AdultState.NONE, AdultState.ADULT]);

/** §3 "User status", as `GET /common/get_status` answers it. */
export const UserStatus = z.object({
  isLogin: z.boolean(),
  loggedIn: z.boolean(),
  asid: z.string().nullable(),
  asidEncrypt: z.string().nullable(),
  userId: z.number().nullable(),
  clientId: z.string().nullable(),
  isFirstBuy: z.boolean(),
  firstBuyFlg: z.boolean(),
  accessToken: z.string().nullable(),
  defaultPaymentType: z.string(),
  defaultSerialPaymentType: z.string(),
  defaultCurrencyPaymentType: z.string(),
  amebaId: z.string().nullable(),
  hasPaid: z.boolean(),
  userSpecifyTop: z.string().nullable(),
  cluster: z.string().nullable(),
  baseDate: z.string(),
  coin: z.number(),
  mangaCoin: z.number(),
  gender: z.string().nullable(),
  age: z.number().nullable(),
  loginCount: z.number(),
  adultState,
  maintenanceMode: z.enum(['normal', 'deca', 'all', 'coin', 'pay']),
  abTests: z.record(z.string(), z.string()),
});
export type UserStatus = z.infer<typeof UserStatus>;

/** `GET /common/get_time`: the server's clock. */
export const ServerTime = z.object({ epochMillis: z.number(), datetime: z.string(), timeZone: z.literal('Asia/Tokyo') });
export type ServerTime = z.infer<typeof ServerTime>;

/** `GET /common/is_valid_login_session`. */
export const LoginSessionValidity = z.object({ isValid: z.boolean() });
export type LoginSessionValidity = z.infer<typeof LoginSessionValidity>;

/** `POST /user_specify_top/register`: the page type now registered. */
export const SpecifyTopResponse = z.object({ status: OkStatus, userSpecifyTop: z.string() });
export type SpecifyTopResponse = z.infer<typeof SpecifyTopResponse>;

/** One SNS link setting: linked (1) or not (0). */
const SnsLink = z.object({ authName: z.string(), status: z.number() });
type SnsLink = z.infer<typeof SnsLink>;

/** `GET /user/set_sns`: all the member's SNS links after the change. */
export const SetSnsResponse = z.object({ status: OkStatus, links: z.array(SnsLink) });
export type SetSnsResponse = z.infer<typeof SetSnsResponse>;

/** A member's profile as `/user/get_profile` answers it. */
export const UserProfile = z.object({
  userId: z.number(),
  email: z.string(),
  nickname: z.string(),
  profile: z.string(),
  imageFlg: z.number(),
  birthDate: z.string(),
  adultState,
  adultEligible: z.boolean(),
  createdAt: z.string(),
  /** The address's confirmation link was opened: paid purchases are allowed. */
  emailConfirmed: z.boolean(),
  /** A new address waiting for its confirmation link to be opened, else null. */
  pendingEmail: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** `GET /adult/check`: the member's adult state (ADULT once confirmed) and age. */
export const AdultCheckResponse = z.object({ adultState, age: z.number() });
export type AdultCheckResponse = z.infer<typeof AdultCheckResponse>;

/** The query of login and signup: where to go after (`callback`, signup's `callback_url`) and signup's `redirect` flag. */
export const CallbackQuery = z.object({
  callback: z.string().max(2000).optional(),
  callback_url: z.string().max(2000).optional(),
  redirect: z.string().max(10).optional(),
});
