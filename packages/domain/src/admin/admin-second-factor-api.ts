/**
 * The staff's second factor (issue 41): where a staff member stands (enrolled, checked in this
 * sign-in), the TOTP enrolment (a secret shown once, then confirmed by a code, answered by ten
 * recovery codes shown once) and the check (`POST /api/admin/second_factor`).
 */
import { z } from 'zod';

/** How long a check covers the money actions (grants, cancellations, refunds, price changes). */
export const SECOND_FACTOR_FRESH_MS = 10 * 60 * 1000;

/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const SecondFactorState = z.object({
  /** A factor is enrolled for the member: a confirmed TOTP authenticator or a passkey. */
  enrolled: z.boolean(),
  /** A TOTP authenticator is confirmed for the member. */
  totp: z.boolean(),
  /** How many passkeys the member registered. */
  passkeys: z.number(),
  /** The factor was given in this session (sign-in). */
  checked: z.boolean(),
  /** When, epoch ms (null: not in this sign-in). */
  checkedAt: z.number().nullable(),
});
export type SecondFactorState = z.infer<typeof SecondFactorState>;

/** A new TOTP secret: base32 for typing, the otpauth URI and its QR code (an SVG data URL, no fonts). */
export const TotpEnrolment = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

/** A six-digit code of the authenticator, or a recovery code (`xxxx-xxxx-xxxx`, hyphens and spaces optional). */
export const SecondFactorCode = z.object({
  code: z.string({ message: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCode>;

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The check's answer: how it was passed, and how many unused recovery codes are left. */
export const SecondFactorChecked = z.object({ method: z.enum(['totp', 'recovery', 'passkey']), recoveryCodesLeft: z.number() });
export type SecondFactorChecked = z.infer<typeof SecondFactorChecked>;

/**
 * A passkey ceremony's options (WebAuthn's PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON, as `@simplewebauthn/server` makes them): handed to the
 * browser as they are. The challenge is single use and expires in five minutes.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** How long a passkey ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** A passkey's name: what the member types, at most 50 characters (empty: none). */
export const PASSKEY_NAME_MAX = 50;

/**
 * The browser's answer to a ceremony (WebAuthn's RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked by the server's WebAuthn library, field by field.
 */
export const PasskeyResponse = z.object({
  /** The registration's name for the passkey (the check sends none). */
  name: z.string({ message: 'must be text' }).trim().max(PASSKEY_NAME_MAX, `is longer than ${PASSKEY_NAME_MAX} characters`).optional(),
  response: z.looseObject({
    id: z.string({ message: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
    rawId: z.string({ message: 'is required' }).max(1024, 'is too long'),
    type: z.literal('public-key', { message: 'must be public-key' }),
    response: z.looseObject({ clientDataJSON: z.string({ message: 'is required' }).max(4096, 'is too long') }),
  }),
});
export type PasskeyResponse = z.infer<typeof PasskeyResponse>;

/** A registered passkey: ten recovery codes come with it when it is the member's first factor (else none). */
export const PasskeyRegistered = z.object({ recoveryCodes: z.array(z.string()) });
export type PasskeyRegistered = z.infer<typeof PasskeyRegistered>;
