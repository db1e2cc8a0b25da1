import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type SecondFactorChecked,
  type TotpEnrolment,
} from '@hondana/domain/admin/admin-second-factor-api';
import { AppError, ErrorCode, badRequest, unauthorized } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema';
import { takeAttempt, releaseAttempt } from '../../ops/rate-limiter';
import { digest, newSecret } from '../tokens/secrets';
import * as repo from './second-factor.repository';
import { endSessionsOf } from './staff.repository';

/** The issuer the authenticator app shows beside the account. */
const ISSUER = 'Hondana';
/** RFC 6238's step; a code of the step before or after is taken too (a phone's clock a little off). */
const PERIOD_S = 30;
/** Wrong codes a staff member may send in a window before the check refuses for a while. */
const ATTEMPTS = { max: 10, windowMs: 5 * 60 * 1000 };
/** Recovery codes: no 0/o, 1/l/i look-alikes; 12 characters of 31 (about 59 bits) in three groups. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A new TOTP secret for the member, replacing one not confirmed yet; refused (409) once one is confirmed. */
export async function startTotpEnrolment(db: Kysely<Database>, userId: number, label: string, now: number): Promise<TotpEnrolment> {
  const secret = generateSecret();
  if (!(await repo.putPendingTotp(db, userId, secret, now)))
    throw new AppError(409, ErrorCode.ALREADY_EXISTS, ['second factor: an authenticator is enrolled already']);
  return totpEnrolment(secret, label);
}

/** The otpauth URI of `secret` and its QR code as an SVG data URL (modules only: no text, no fonts). */
export async function totpEnrolment(secret: string, label: string): Promise<TotpEnrolment> {
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step `token` is the code of for `secret` (the step before, now or after), or null; whether it was taken before is the caller's. */
async function matchingStep(secret: string, token: string, now: number): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({ secret, token, epoch: seconds(now), epochTolerance: PERIOD_S });
  // The TOTP strategy's answer names its time step (RFC 6238's T).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes: shown to the member once, kept as digests. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

const normalisedRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const recoveryDigest = (code: string) => digest(`recovery:${normalisedRecovery(code)}`);

const wrongCode = () => badRequest('code', 'is not the current code of the authenticator or an unused recovery code');
const replayedCode = () => badRequest('code', 'was used already: wait for the next code');

/**
 * Confirms the pending secret with its first code: the factor is enrolled, the session counts as
 * checked, and ten recovery codes are answered (once; only their digests are kept).
 */
export async function confirmTotpEnrolment(
  db: Kysely<Database>,
  userId: number,
  sessionHash: string,
  code: string,
  now: number,
): Promise<Checked<RecoveryCodes>> {
  const row = await repo.findTotp(db, userId);
  if (!row || row.confirmed_at !== null) throw badRequest('code', 'no enrolment is waiting for its first code: start one');
  return limited(db, userId, now, async () => {
    const step = await matchingStep(row.secret, code.replace(/\s/g, ''), now);
    if (step === null) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    const session = await db.transaction().execute(async (trx) => {
      if (!(await repo.takeTimeStep(trx, userId, row.secret, step, now, true))) return null;
      await repo.replaceRecoveryCodes(trx, userId, recoveryCodes.map(recoveryDigest), now);
      return markChecked(trx, sessionHash, now);
    });
    if (!session) throw new AppError(409, ErrorCode.ALREADY_EXISTS, ['second factor: enrolled already by another request']);
    return { answer: { recoveryCodes }, session };
  });
}

/**
 * The check: a code of the authenticator not taken before, or an unused recovery code (then used
 * up). A member whose factor is passkeys only has recovery codes too (their first passkey came
 * with them): a recovery code is their way in when the device is lost.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  userId: number,
  sessionHash: string,
  code: string,
  now: number,
): Promise<Checked<SecondFactorChecked>> {
  const found = await repo.findTotp(db, userId);
  const row = found?.confirmed_at != null ? found : null;
  if (!row && (await repo.countPasskeys(db, userId)) === 0) throw badRequest('code', 'no authenticator is enrolled: enrol one first');
  return limited(db, userId, now, async () => {
    const token = code.replace(/\s/g, '');
    let method: SecondFactorChecked['method'];
    if (/^\d{6}$/.test(token)) {
      if (!row) throw wrongCode();
      const step = await matchingStep(row.secret, token, now);
      if (step === null) throw wrongCode();
      const last = row.last_time_step === null ? null : Number(row.last_time_step);
      if ((last !== null && step <= last) || !(await repo.takeTimeStep(db, userId, row.secret, step, now, false))) throw replayedCode();
      method = 'totp';
    } else {
      if (!(await repo.useRecoveryCode(db, userId, recoveryDigest(token), now))) throw wrongCode();
      method = 'recovery';
    }
    const session = await db.transaction().execute((trx) => markChecked(trx, sessionHash, now));
    return { answer: { method, recoveryCodesLeft: await repo.unusedRecoveryCodes(db, userId) }, session };
  });
}

/** An answer that checked the factor, and the session's new id (its cookie's new value). */
export interface Checked<T> {
  answer: T;
  session: string;
}

/**
 * Marks the session checked under a new id (ASVS: a new session id at a privilege change): the
 * new secret for the cookie. A session rotated or ended meanwhile (another tab's check) is 401:
 * that sign-in is over.
 */
export async function markChecked(trx: Transaction<Database>, sessionHash: string, now: number): Promise<string> {
  const secret = newSecret();
  if (!(await repo.rotateCheckedSession(trx, sessionHash, digest(secret), now))) throw unauthorized();
  return secret;
}

/** Counts a code attempt against the member (ten in five minutes); a right code gives its attempt back. */
export async function limited<T>(db: Kysely<Database>, userId: number, now: number, work: () => Promise<T>): Promise<T> {
  const key = `second-factor:user:${userId}`;
  const attempt = await takeAttempt(db, [{ key, limit: ATTEMPTS }], now);
  if (!attempt.allowed)
    throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, [
      `code: too many attempts; try again in ${Math.ceil(attempt.retryAfterMs / 1000)} s`,
    ]);
  const result = await work();
  await releaseAttempt(db, attempt, key);
  return result;
}

/**
 * The shell's enrolment (`npm run admin -- totp`): a confirmed secret and ten recovery codes at
 * once, printed once by the command. The member's sessions end in the same transaction, as at a
 * role change: a session that passed the check with the factor just replaced (or that a lost or
 * stolen phone let in) opens nothing more, and the next sign-in asks the new authenticator.
 */
export async function enrolFromShell(
  db: Kysely<Database>,
  userId: number,
  now: number,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = generateSecret();
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await repo.putConfirmedTotp(trx, userId, secret, now);
    await repo.replaceRecoveryCodes(trx, userId, recoveryCodes.map(recoveryDigest), now);
    await endSessionsOf(trx, userId);
  });
  return { secret, recoveryCodes };
}
