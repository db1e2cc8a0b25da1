import type { Db } from '../../db/schema';
import { rotateCheckedSession as rotateSession } from '../accounts/account-writes';

/** The member's TOTP row (confirmed or still waiting for its first code), or undefined. */
export const findTotp = (db: Db, userId: number) =>
  db.selectFrom('staff_totp').select(['secret', 'confirmed_at', 'last_time_step']).where('user_id', '=', userId).executeTakeFirst();

/** A new secret waiting for its first code; one already confirmed is left alone (false). */
export async function putPendingTotp(db: Db, userId: number, secret: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('staff_totp')
    .values({ user_id: userId, secret, confirmed_at: null, last_time_step: null, created_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret, created_at: now, last_time_step: null }).where('staff_totp.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces the member's factor with a confirmed secret (the shell's `npm run admin -- totp`). */
export async function putConfirmedTotp(db: Db, userId: number, secret: string, now: number): Promise<void> {
  await db
    .insertInto('staff_totp')
    .values({ user_id: userId, secret, confirmed_at: now, last_time_step: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, confirmed_at: now, last_time_step: null, created_at: now }))
    .execute();
}

/**
 * Takes the code of `timeStep`: the step is recorded only if it is later than the last one taken
 * (one conditional update, so two requests with one code cannot both pass). With `confirming`, the
 * row must still be waiting for its first code and is confirmed by it; otherwise it must be confirmed.
 */
export async function takeTimeStep(
  db: Db,
  userId: number,
  secret: string,
  timeStep: number,
  now: number,
  confirming: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set(confirming ? { last_time_step: timeStep, confirmed_at: now } : { last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('confirmed_at', confirming ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[], now: number): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Uses a recovery code once: true only for the request whose update marked it used. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const unusedRecoveryCodes = async (db: Db, userId: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('staff_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/**
 * Records that the factor was given in this session now, under a new session id (ASVS: the id
 * changes with the privilege): accounts moves the live session to `newHash` and marks it checked
 * (`rotateCheckedSession`), and the console's activity row follows it. False when the session is
 * gone or expired (another request rotated it first, or it was ended).
 */
export async function rotateCheckedSession(db: Db, sessionHash: string, newHash: string, now: number): Promise<boolean> {
  if (!(await rotateSession(db, sessionHash, newHash, now))) return false;
  await db.updateTable('admin_session_activity').set({ session_hash: newHash }).where('session_hash', '=', sessionHash).execute();
  return true;
}

/** The member's passkeys, for the ceremonies' options and the check. */
export const passkeysOf = (db: Db, userId: number) =>
  db
    .selectFrom('staff_passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const countPasskeys = async (db: Db, userId: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('staff_passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export async function insertPasskey(
  db: Db,
  row: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name?: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('staff_passkeys')
    .values({
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: JSON.stringify(row.transports),
      created_at: row.now,
      last_used_at: null,
      name: row.name ?? null,
    })
    .execute();
}

/**
 * Takes an assertion's signature counter: the row moves from the counter the check was verified
 * against to the new one, in one conditional update, so of two assertions verified against the
 * same counter only one passes (a replayed or cloned authenticator's answer is refused).
 */
export async function takePasskeyCounter(
  db: Db,
  passkeyId: number,
  verifiedAgainst: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', passkeyId)
    .where('counter', '=', verifiedAgainst)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A ceremony's new challenge; the member's expired ones are swept at the same time. */
export async function putChallenge(
  db: Db,
  row: { challenge: string; userId: number; sessionHash: string; purpose: 'register' | 'check'; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', row.userId).where('expires_at', '<=', now).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: row.challenge,
      user_id: row.userId,
      session_hash: row.sessionHash,
      purpose: row.purpose,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Takes a challenge once: deleted by the one answer of the member's session and purpose that
 * names it before it expires; false for any other (replayed, expired, another session's).
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  userId: number,
  sessionHash: string,
  purpose: 'register' | 'check',
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('user_id', '=', userId)
    .where('session_hash', '=', sessionHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The gate's one read: the staff role of the session's member and when the factor was last given
 * in the session; undefined for a guest, an ended session or a member without a role (the route
 * answers those itself).
 */
export const staffSessionFactor = (db: Db, sessionHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('staff_roles', 'staff_roles.user_id', 'sessions.user_id')
    .select(['sessions.second_factor_at', 'staff_roles.role'])
    .where('sessions.id_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();

export const sessionCheckedAt = async (db: Db, sessionHash: string): Promise<number | null> => {
  const row = await db.selectFrom('sessions').select('second_factor_at').where('id_hash', '=', sessionHash).executeTakeFirst();
  return row?.second_factor_at == null ? null : Number(row.second_factor_at);
};

/** The staff member's e-mail (the TOTP app's account name, the passkey's user name). */
export const staffEmail = async (db: Db, userId: number): Promise<string> =>
  (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

/** Whether a passkey with this credential id is registered already (to anyone). */
export const passkeyRegistered = async (db: Db, credentialId: string): Promise<boolean> =>
  (await db.selectFrom('staff_passkeys').select('id').where('credential_id', '=', credentialId).executeTakeFirst()) !== undefined;
