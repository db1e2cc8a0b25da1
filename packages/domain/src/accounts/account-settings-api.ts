/**
 * Request and response schemas of a member's account settings (issue 38): the password reset
 * from the login page, the address change and its confirmation link, the password change, the
 * signed-in sessions, and withdrawal's summary and password step. Rules are in ./account-settings.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './accounts-api';

const email = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ message: 'not a valid email address' }));
const newPassword = z
  .string({ message: 'is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);
const givenPassword = z.string({ message: 'is required' }).min(1, 'is required').max(PASSWORD_MAX_LENGTH);
/** A mailed link's token: base64url of 32 random bytes. */
const linkToken = z.string({ message: 'is required' }).min(1, 'is required').max(200);

/** `POST /auth/password_reset`: the address to send a reset link to (answered alike whether it is a member's). */
export const PasswordResetBody = z.object({ email });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** `POST /auth/password_reset/confirm`: the mailed link's token and the new password. */
export const PasswordResetConfirmBody = z.object({ token: linkToken, password: newPassword });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** `POST /user/email`: the new address, with the current password. */
export const EmailChangeBody = z.object({ email, password: givenPassword });
export type EmailChangeBody = z.infer<typeof EmailChangeBody>;

/** `GET /user/email/confirm?token=`: the link mailed at signup or to a new address. */
export const EmailConfirmQuery = z.object({ token: linkToken });
export type EmailConfirmQuery = z.infer<typeof EmailConfirmQuery>;

/** What a confirmation link did: the signup address confirmed, or the address changed to `email`. */
export const EmailConfirmResponse = z.object({
  result: z.literal('OK'),
  purpose: z.enum(['EMAIL_CONFIRM', 'EMAIL_CHANGE']),
  email: z.string(),
});
export type EmailConfirmResponse = z.infer<typeof EmailConfirmResponse>;

/** `POST /user/password`: the current password and the new one. */
export const PasswordChangeBody = z.object({ current_password: givenPassword, password: newPassword });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/** `POST /user/reauthenticate`: the password given again before withdrawal. */
export const ReauthenticateBody = z.object({ password: givenPassword });
export type ReauthenticateBody = z.infer<typeof ReauthenticateBody>;

/** `DELETE /user/sessions/:id`. */
export const SessionIdPath = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'is not a session id') });

/** One signed-in device of the member. */
const MemberSession = z.object({
  id: z.string(),
  /** This request's own session. */
  current: z.boolean(),
  /** A reader's name of the browser and system (`deviceLabel`), e.g. `Chrome（Windows）`. */
  device: z.string(),
  /** The address's prefix (`203.0.113.*`), '' when unknown. */
  place: z.string(),
  createdAt: z.string(),
  /** The last request seen, or the sign-in. */
  lastSeenAt: z.string(),
});
type MemberSession = z.infer<typeof MemberSession>;

/** `GET /user/sessions`: the member's live sessions, the current one first, then by last seen. */
export const MemberSessions = z.object({ sessions: z.array(MemberSession) });
export type MemberSessions = z.infer<typeof MemberSessions>;

/** `DELETE /user/sessions/:id` and `DELETE /user/sessions`: how many sessions ended. */
export const SessionsEnded = z.object({ result: z.literal('OK'), ended: z.number() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** `GET /user/withdrawal/summary`: what withdrawal takes away (§7 `/user/withdrawal` then closes the account). */
export const WithdrawalSummary = z.object({
  /** Volumes owned or reserved: none can be read after withdrawal. */
  books: z.number(),
  mangaCoin: z.number(),
  coin: z.number(),
  points: z.number(),
  /** Subscriptions that withdrawal cancels (their plans' names). */
  subscriptions: z.array(z.object({ name: z.string() })),
  /** The password was given in this session within the last few minutes: withdrawal may go ahead. */
  passwordConfirmed: z.boolean(),
});
export type WithdrawalSummary = z.infer<typeof WithdrawalSummary>;
