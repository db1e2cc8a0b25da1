import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Attempt, type RateLimit, releaseAttempt, takeAttempt } from '../../ops/rate-limiter';
import { digest } from '../tokens/secrets';

export type AuthAttemptKind = 'login' | 'signup';

/** The window of the login and signup limits. */
const AUTH_WINDOW_MS = 60_000;

export interface AuthAttempt {
  allowed: boolean;
  /** Seconds until an attempt is allowed again (0 when allowed). */
  retryAfterSeconds: number;
  /** A login that succeeded does not count against its account (its address still counts it). */
  succeeded(): Promise<void>;
}

/**
 * One login or signup attempt, limited per client address and per account (the email, kept as
 * a digest): `max` attempts a minute each, counted in the database so that every process of the
 * store shares the budget. Different addresses on one account, or one address trying many
 * accounts, both run out.
 */
export async function authAttempt(
  db: Kysely<Database>,
  attempt: { kind: AuthAttemptKind; address: string; email: string; max: number; now: number },
): Promise<AuthAttempt> {
  const limit: RateLimit = { max: attempt.max, windowMs: AUTH_WINDOW_MS };
  const accountKey = `${attempt.kind}:email:${digest(attempt.email.trim().toLowerCase())}`;
  const keys = [
    { key: `${attempt.kind}:ip:${attempt.address}`, limit },
    { key: accountKey, limit },
  ];
  const taken: Attempt = await takeAttempt(db, keys, attempt.now);
  return {
    allowed: taken.allowed,
    retryAfterSeconds: taken.allowed ? 0 : Math.ceil(taken.retryAfterMs / 1000),
    succeeded: async () => {
      if (attempt.kind === 'login') await releaseAttempt(db, taken, accountKey);
    },
  };
}

/** The window of the mailed-link limits (password reset, confirmation mail again). */
const MAIL_LINK_WINDOW_MS = 15 * 60_000;
/** The longest window any account limit counts in (the housekeeping keeps hits this long). */
export const LONGEST_AUTH_WINDOW_MS = Math.max(AUTH_WINDOW_MS, MAIL_LINK_WINDOW_MS);
/** Mailed links per address (email) and per client address in `MAIL_LINK_WINDOW_MS`. */
const MAIL_LINKS_PER_ACCOUNT = 5;
const MAIL_LINKS_PER_CLIENT = 20;

/**
 * A request that mails a link (a password reset, the confirmation mail again), limited per
 * address it is sent to and per client address, counted like logins in the database. The
 * address counts whether or not it is a member's, so a refusal says nothing about that.
 */
export async function mailLinkAttempt(
  db: Kysely<Database>,
  attempt: { kind: 'password_reset' | 'email_confirm'; address: string; email: string; now: number },
) {
  const taken = await takeAttempt(
    db,
    [
      { key: `${attempt.kind}:ip:${attempt.address}`, limit: { max: MAIL_LINKS_PER_CLIENT, windowMs: MAIL_LINK_WINDOW_MS } },
      {
        key: `${attempt.kind}:email:${digest(attempt.email.trim().toLowerCase())}`,
        limit: { max: MAIL_LINKS_PER_ACCOUNT, windowMs: MAIL_LINK_WINDOW_MS },
      },
    ],
    attempt.now,
  );
  return { allowed: taken.allowed, retryAfterSeconds: taken.allowed ? 0 : Math.ceil(taken.retryAfterMs / 1000) };
}

/** 429 TOO_MANY_REQUESTS (§8) for a refused attempt. */
export const tooManyAttempts = () => new AppError(429, ErrorCode.TOO_MANY_REQUESTS);
