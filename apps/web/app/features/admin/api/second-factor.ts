import type {
  PasskeyRegistered,
  RecoveryCodes,
  SecondFactorChecked,
  SecondFactorState,
  TotpEnrolment,
} from '@hondana/domain/admin/admin-second-factor-api';
import { WebAuthnError, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ApiError, apiRequest } from '../../../lib/api/client';
import { secondFactorCopy } from '../../../i18n/ja-admin-second-factor';

/** The staff's second factor calls (`/api/admin/second_factor...`): the enrolment and the check. */
export const startTotpEnrolment = () => apiRequest<TotpEnrolment>('/admin/second_factor/totp', { method: 'POST', json: {} });
export const confirmTotpEnrolment = (code: string) =>
  apiRequest<RecoveryCodes>('/admin/second_factor/totp/confirm', { method: 'POST', json: { code } });
export const checkSecondFactor = (code: string) =>
  apiRequest<SecondFactorChecked>('/admin/second_factor', { method: 'POST', json: { code } });
export const secondFactorState = () => apiRequest<SecondFactorState>('/admin/second_factor', { method: 'GET' });

/**
 * Registers a passkey: the store's options, the browser's ceremony (the device asks for the
 * fingerprint, face or PIN), the store's verification, with the member's name for it when given.
 * Ten recovery codes come back when it is the member's first factor.
 */
export async function registerPasskey(name?: string): Promise<PasskeyRegistered> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/admin/second_factor/passkey/registration_options', {
    method: 'POST',
    json: {},
  });
  const response = await startRegistration({ optionsJSON });
  return apiRequest<PasskeyRegistered>('/admin/second_factor/passkey/registration', {
    method: 'POST',
    json: { response, ...(name ? { name } : {}) },
  });
}

/** The check with a passkey: the store's options, the browser's ceremony, the store's verification. */
export async function checkWithPasskey(): Promise<SecondFactorChecked> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/admin/second_factor/passkey/options', {
    method: 'POST',
    json: {},
  });
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<SecondFactorChecked>('/admin/second_factor/passkey', { method: 'POST', json: { response } });
}

/** Why a passkey ceremony did not pass, in Japanese. */
export function passkeyError(error: unknown): string {
  if (error instanceof WebAuthnError)
    return error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
      ? secondFactorCopy('passkey.errors.registered')
      : secondFactorCopy('passkey.errors.cancelled');
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return secondFactorCopy('passkey.errors.cancelled');
  if (error instanceof ApiError) {
    if (error.status === 429) return secondFactorCopy('errors.tooMany');
    if (error.status === 400) return secondFactorCopy('passkey.errors.refused');
    return secondFactorCopy('errors.failed', { code: error.errorCode });
  }
  return secondFactorCopy('passkey.errors.unsupported');
}

/** Why a code was refused, in Japanese. */
export function codeError(error: unknown): string {
  if (!(error instanceof ApiError)) return secondFactorCopy('errors.failed', { code: 'ERROR' });
  if (error.status === 429) return secondFactorCopy('errors.tooMany');
  if (error.errorCode === 'ALREADY_EXISTS') return secondFactorCopy('errors.enrolled');
  if (error.messages[0]?.startsWith('code: was used already')) return secondFactorCopy('errors.replayed');
  if (error.status === 400) return secondFactorCopy('errors.wrong');
  return secondFactorCopy('errors.failed', { code: error.errorCode });
}

/**
 * The console's question for the code again (the dialog in the console's frame answers it): true
 * once the code was taken. `opener` is what had the focus when the change was asked for (the
 * dialog gives it back when it closes).
 */
type Asker = (opener: HTMLElement | null) => Promise<boolean>;
let asker: Asker | null = null;

/** The dialog that asks the code registers here while it is on the page. */
export function answerSecondFactorWith(next: Asker | null): void {
  asker = next;
}

/**
 * Runs a console change; when the server asks for the second factor again (403
 * SECOND_FACTOR_REQUIRED: a money action more than ten minutes after the last check), asks the
 * code in the console's dialog and sends the change once more (`work` fetches a fresh token).
 */
export async function withSecondFactor<T>(work: () => Promise<T>): Promise<T> {
  const opener = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error.errorCode !== 'SECOND_FACTOR_REQUIRED' || !asker) throw error;
    if (!(await asker(opener))) throw error;
    return work();
  }
}
