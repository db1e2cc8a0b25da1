import {
  PASSKEY_CHALLENGE_TTL_MS,
  type PasskeyOptions,
  type PasskeyRegistered,
  type SecondFactorChecked,
} from '@hondana/domain/admin/admin-second-factor-api';
import { badRequest } from '@hondana/domain/common/errors';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Checked, limited, markChecked, newRecoveryCodes, recoveryDigest } from './second-factor.service';
import * as repo from './second-factor.repository';

/** The name authenticators show beside the account. */
const RP_NAME = '本棚 管理コンソール';

/**
 * Where the ceremony runs: the store's origin (PUBLIC_URL when set, else the scheme and host the
 * request came to) and its host name as the relying party id. The browser writes the page's
 * origin into clientDataJSON and the authenticator signs the rp id's hash: an answer made for any
 * other site is refused.
 */
interface RelyingParty {
  origin: string;
  rpId: string;
}

export function relyingParty(address: string): RelyingParty {
  const url = new URL(address);
  // As browsers write it: scheme, host and a port only when not the scheme's own.
  return { origin: url.origin, rpId: url.hostname };
}

/** Who is asking: the staff member, their session (a challenge is bound to it), their address. */
interface PasskeyCaller {
  userId: number;
  email: string;
  sessionHash: string;
}

const transportsOf = (json: string): AuthenticatorTransportFuture[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value.filter((t) => typeof t === 'string') as AuthenticatorTransportFuture[]) : [];
  } catch {
    return [];
  }
};

const refused = (why: string) => badRequest('response', why);

/** The challenge a response answers (clientDataJSON's), or null when it cannot be read. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return data && typeof data === 'object' && 'challenge' in data && typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * The registration's options: a new single-use challenge for this session, the member's passkeys
 * excluded (one authenticator is registered once), user verification asked for.
 */
export async function registrationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  caller: PasskeyCaller,
  now: number,
): Promise<PasskeyOptions> {
  const existing = await repo.passkeysOf(db, caller.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: caller.email,
    userID: new TextEncoder().encode(`hondana-staff-${caller.userId}`),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await repo.putChallenge(
    db,
    {
      challenge: options.challenge,
      userId: caller.userId,
      sessionHash: caller.sessionHash,
      purpose: 'register',
      expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
    },
    now,
  );
  return options as unknown as PasskeyOptions;
}

/**
 * Verifies the browser's new credential against a challenge of this session (taken once), the
 * store's origin and rp id, and user verification; keeps its id, public key, counter and
 * transports, and the name the member gave it (if any). The registration counts as the check of this sign-in (the session gets a new id);
 * as the member's first factor it comes with ten recovery codes, shown once.
 */
export async function registerPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  caller: PasskeyCaller,
  response: RegistrationResponseJSON,
  now: number,
  name?: string,
): Promise<Checked<PasskeyRegistered>> {
  const challenge = challengeOf(response);
  if (!challenge || !(await repo.takeChallenge(db, challenge, caller.userId, caller.sessionHash, 'register', now)))
    throw refused('is not the answer to a challenge of this sign-in (used, expired or unknown): start again');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(`was not verified: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  if (!verified.verified) throw refused('was not verified');
  const { credential } = verified.registrationInfo;
  const firstFactor = !(await repo.findTotp(db, caller.userId))?.confirmed_at && (await repo.countPasskeys(db, caller.userId)) === 0;
  const recoveryCodes = firstFactor ? newRecoveryCodes() : [];
  const session = await db.transaction().execute(async (trx) => {
    if (await repo.passkeyRegistered(trx, credential.id)) throw refused('names a passkey registered already');
    await repo.insertPasskey(trx, {
      userId: caller.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      name: name || null,
      now,
    });
    if (firstFactor) await repo.replaceRecoveryCodes(trx, caller.userId, recoveryCodes.map(recoveryDigest), now);
    return markChecked(trx, caller.sessionHash, now);
  });
  return { answer: { recoveryCodes }, session };
}

/** The check's options: a new single-use challenge for this session and the member's passkeys; 400 when they have none. */
export async function checkOptions(db: Kysely<Database>, rp: RelyingParty, caller: PasskeyCaller, now: number): Promise<PasskeyOptions> {
  const passkeys = await repo.passkeysOf(db, caller.userId);
  if (passkeys.length === 0) throw badRequest('passkey', 'no passkey is registered: enrol one first');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
  });
  await repo.putChallenge(
    db,
    {
      challenge: options.challenge,
      userId: caller.userId,
      sessionHash: caller.sessionHash,
      purpose: 'check',
      expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
    },
    now,
  );
  return options as unknown as PasskeyOptions;
}

/**
 * The check with a passkey, as `POST /admin/second_factor` with a code: an assertion of one of the
 * member's passkeys, answering a challenge of this session (taken once), made for the store's
 * origin and rp id with the user verified, signed by the stored key, with a counter above the
 * stored one (taken in one conditional update). The session is checked under a new id.
 */
export async function checkPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  caller: PasskeyCaller,
  response: AuthenticationResponseJSON,
  now: number,
): Promise<Checked<SecondFactorChecked>> {
  return limited(db, caller.userId, now, async () => {
    const challenge = challengeOf(response);
    if (!challenge || !(await repo.takeChallenge(db, challenge, caller.userId, caller.sessionHash, 'check', now)))
      throw refused('is not the answer to a challenge of this sign-in (used, expired or unknown): start again');
    const passkey = (await repo.passkeysOf(db, caller.userId)).find((p) => p.credential_id === response.id);
    if (!passkey) throw refused('names no passkey of this staff member');
    const counter = Number(passkey.counter);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter,
          transports: transportsOf(passkey.transports),
        },
      });
    } catch (error) {
      throw refused(`was not verified: ${error instanceof Error ? error.message : 'unreadable'}`);
    }
    if (!verified.verified) throw refused('was not verified');
    const session = await db.transaction().execute(async (trx) => {
      if (!(await repo.takePasskeyCounter(trx, passkey.id, counter, verified.authenticationInfo.newCounter, now)))
        throw refused('was answered already (the passkey signed a later one): start again');
      return markChecked(trx, caller.sessionHash, now);
    });
    return { answer: { method: 'passkey', recoveryCodesLeft: await repo.unusedRecoveryCodes(db, caller.userId) }, session };
  });
}
