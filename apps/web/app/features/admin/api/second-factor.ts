import type { RecoveryCodes, SecondFactorChecked, TotpEnrolment } from '@hondana/domain/admin/admin-second-factor-api';
import { ApiError, apiRequest } from '../../../lib/api/client';
import { secondFactorCopy as s } from '../../../i18n/ja-admin-second-factor';

/** The staff's second factor calls (`/api/admin/second_factor...`): the enrolment and the check. */
export const startTotpEnrolment = () => apiRequest<TotpEnrolment>('/admin/second_factor/totp', { method: 'POST', json: {} });
export const confirmTotpEnrolment = (code: string) => apiRequest<RecoveryCodes>('/admin/second_factor/totp/confirm', { method: 'POST', json: { code } });
export const checkSecondFactor = (code: string) => apiRequest<SecondFactorChecked>('/admin/second_factor', { method: 'POST', json: { code } });

/** Why a code was refused, in Japanese. */
export function codeError(error: unknown): string {
  if (!(error instanceof ApiError)) return s('errors.failed', { code: 'ERROR' });
  if (error.status === 429) return s('errors.tooMany');
  if (error.errorCode === 'ALREADY_EXISTS') return s('errors.enrolled');
  if (error.messages[0]?.startsWith('code: was used already')) return s('errors.replayed');
  if (error.status === 400) return s('errors.wrong');
  return s('errors.failed', { code: error.errorCode });
}

/** The console's question for the code again (the dialog in the console's frame answers it): true once the code was taken. */
type Asker = () => Promise<boolean>;
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
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error.errorCode !== 'SECOND_FACTOR_REQUIRED' || !asker) throw error;
    if (!(await asker())) throw error;
    return work();
  }
}
