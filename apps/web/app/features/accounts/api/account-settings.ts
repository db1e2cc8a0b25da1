import type { EmailConfirmResponse, MemberSessions, SessionsEnded, WithdrawalSummary } from '@hondana/domain/accounts/account-settings-api';
import type { ResultOk, SpecifyTopResponse, UserStatus } from '@hondana/domain/accounts/accounts-api';
import type { UnsubscribeResponse } from '@hondana/domain/mail/mail-api';
import type { NotificationSettings } from '@hondana/domain/notices/notices-api';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest, createToken } from '../../../lib/api/client';
import { i18n } from '../../../i18n/i18n';
import '../../../i18n/ja-account-settings';

/** The calls of the account settings pages (issue 38), with the §7 ones they use. */

export const statusQuery = () =>
  queryOptions({ queryKey: ['accounts', 'status'], queryFn: () => apiGet<UserStatus>('/api/common/get_status') });
export const sessionsQuery = () =>
  queryOptions({ queryKey: ['accounts', 'sessions'], queryFn: () => apiGet<MemberSessions>('/api/user/sessions') });
export const withdrawalSummaryQuery = () =>
  queryOptions({ queryKey: ['accounts', 'withdrawal'], queryFn: () => apiGet<WithdrawalSummary>('/api/user/withdrawal/summary') });
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'notification-settings'],
    queryFn: () => apiGet<NotificationSettings>('/api/user/notification_settings/v2'),
  });

/** §7 `POST /user/mod_profile` with its token (form name, profile, image_flg). */
export async function saveProfile(profile: { name: string; profile: string }) {
  const token = await createToken('/api/user/create_token');
  return apiRequest<ResultOk>('/api/user/mod_profile', { method: 'POST', query: { token }, form: { ...profile, image_flg: 0 } });
}
/** §7 `POST /user_specify_top/register`. */
export const registerTop = (pageType: string) =>
  apiRequest<SpecifyTopResponse>('/api/user_specify_top/register', { method: 'POST', json: { page_type: pageType } });

export const requestEmailChange = (body: { email: string; password: string }) =>
  apiRequest<{ result: 'OK'; pendingEmail: string }>('/api/user/email', { method: 'POST', json: body });
export const resendConfirmation = () =>
  apiRequest<{ result: 'OK'; sent: boolean }>('/api/user/email/confirmation', { method: 'POST', json: {} });
export const confirmEmail = (token: string) =>
  apiGet<EmailConfirmResponse>('/api/user/email/confirm', { token }, { allowUnauthorized: true });
export const changePassword = (body: { current_password: string; password: string }) =>
  apiRequest<SessionsEnded>('/api/user/password', { method: 'POST', json: body });
export const endSession = (id: string) => apiRequest<SessionsEnded>(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const endOtherSessions = () => apiRequest<SessionsEnded>('/api/user/sessions', { method: 'DELETE' });
export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiRequest<NotificationSettings>('/api/user/notification_settings/v2', { method: 'POST', json: settings });

/** Withdrawal: the password given again, then §7 `GET /user/withdrawal` with its token. */
export async function withdraw(password: string) {
  await apiRequest<ResultOk>('/api/user/reauthenticate', { method: 'POST', json: { password } });
  const token = await createToken('/api/user/create_token');
  return apiGet<ResultOk>('/api/user/withdrawal', { token });
}

export const requestPasswordReset = (email: string) =>
  apiRequest<ResultOk>('/api/auth/password_reset', { method: 'POST', json: { email }, allowUnauthorized: true });
export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<ResultOk>('/api/auth/password_reset/confirm', { method: 'POST', json: { token, password }, allowUnauthorized: true });

export const unsubscribeState = (token: string) =>
  apiGet<UnsubscribeResponse>('/api/mail/unsubscribe', { token }, { allowUnauthorized: true });
export const unsubscribe = (token: string) =>
  apiRequest<UnsubscribeResponse>('/api/mail/unsubscribe', { method: 'POST', query: { token }, json: {}, allowUnauthorized: true });

/** A failed call as the member should read it (§8 errorCode → Japanese). */
export function settingsError(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('accountSettings.errors.UNKNOWN');
  if (error.messages.some((m) => m.includes('現在のメールアドレスと同じ'))) return i18n.t('accountSettings.errors.SAME_EMAIL');
  switch (error.errorCode) {
    case 'INVALID_CREDENTIALS':
    case 'EMAIL_ALREADY_REGISTERED':
    case 'TOO_MANY_REQUESTS':
    case 'BAD_REQUEST':
      return i18n.t(`accountSettings.errors.${error.errorCode}`);
    default:
      return error.messages.find((m) => /[ぁ-んァ-ン一-龥]/.test(m))?.replace(/^\w+: /, '') ?? i18n.t('accountSettings.errors.UNKNOWN');
  }
}
