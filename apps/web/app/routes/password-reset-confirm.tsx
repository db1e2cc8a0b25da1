import { SettingsPage } from '../features/accounts/components/settings-page';
import { PasswordResetConfirm } from '../features/accounts/components/password-reset-forms';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/password-reset-confirm';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.reset.newTitle')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** `/password_reset/confirm?token=` (the mailed link): the new password. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

export default function PasswordResetConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title={i18n.t('accountSettings.reset.newTitle')} back={false}>
      <PasswordResetConfirm token={loaderData.token} />
    </SettingsPage>
  );
}
