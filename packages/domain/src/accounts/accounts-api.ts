import { z } from 'zod';
import { tokyoDay } from '../common/time';

/** The age at which adult (R18) content may be confirmed (§6). */
export const ADULT_AGE = 18;

export const AdultState = { NONE: 'NONE', ADULT: 'ADULT' } as const;
export type AdultState = (typeof AdultState)[keyof typeof AdultState];

/** The signed-in member a page is rendered for, read from the session cookie by the server. */
export interface Viewer {
  userId: number;
  nickname: string;
  adultState: AdultState;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written as YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = isoDate.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Completed years of age on the Tokyo calendar day of `now`; a 29 February birthday counts on 1 March. */
export function ageOn(birthDate: string, now: Date): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = tokyoDay(now).split('-').map(Number) as [number, number, number];
  const hadBirthday = nm > bm || (nm === bm && nd >= bd);
  return ny - by - (hadBirthday ? 0 : 1);
}

export const isAdultEligible = (birthDate: string, now: Date): boolean => ageOn(birthDate, now) >= ADULT_AGE;

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
  (v) => (v && typeof v === 'object' && !('page_type' in v) && 'pageType' in v ? { ...v, page_type: (v as { pageType: unknown }).pageType } : v),
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
export interface SnsLink {
  authName: string;
  status: number;
}

/** §3 "User status", as `GET /common/get_status` answers it. */
export interface UserStatus {
  isLogin: boolean;
  loggedIn: boolean;
  asid: string | null;
  asidEncrypt: string | null;
  userId: number | null;
  clientId: string | null;
  isFirstBuy: boolean;
  firstBuyFlg: boolean;
  accessToken: string | null;
  defaultPaymentType: string;
  defaultSerialPaymentType: string;
  defaultCurrencyPaymentType: string;
  amebaId: string | null;
  hasPaid: boolean;
  userSpecifyTop: string | null;
  cluster: string | null;
  baseDate: string;
  coin: number;
  mangaCoin: number;
  gender: string | null;
  age: number | null;
  loginCount: number;
  adultState: AdultState;
  maintenanceMode: 'normal' | 'deca' | 'all' | 'coin' | 'pay';
  abTests: Record<string, string>;
}

/** A member's profile as `/user/get_profile` answers it. */
export interface UserProfile {
  userId: number;
  email: string;
  nickname: string;
  profile: string;
  imageFlg: number;
  birthDate: string;
  adultState: AdultState;
  adultEligible: boolean;
  createdAt: string;
}

/**
 * Where to go after login or signup: only a path on this site (`/…`, not `//host` or
 * `/\host`), anything else falls back to the top page.
 */
export function safeCallback(value: string | null | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/\p{Cc}/u.test(value)) return '/';
  try {
    const url = new URL(value, 'http://hondana.invalid');
    if (url.origin !== 'http://hondana.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
