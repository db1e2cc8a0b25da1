import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Attempt, type RateLimit, releaseAttempt, takeAttempt } from '../../ops/rate-limiter';
import { digest } from '../tokens/secrets';

export type AuthAttemptKind = 'login' | 'signup';

/** The window of the login and signup limits. */
export const AUTH_WINDOW_MS = 60_000;

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

/** 429 TOO_MANY_REQUESTS (§8) for a refused attempt. */
export const tooManyAttempts = () => new AppError(429, ErrorCode.TOO_MANY_REQUESTS);
