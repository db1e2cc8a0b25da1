import { SettingsPage } from '../features/accounts/components/settings-page';
import { PasswordResetRequest } from '../features/accounts/components/password-reset-forms';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/password-reset';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.reset.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];

/** `/password_reset` (from the login page): the address to mail a reset link to. */
export default function PasswordReset() {
  return (
    <SettingsPage title={i18n.t('accountSettings.reset.title')} lead={i18n.t('accountSettings.reset.lead')} back={false}>
      <PasswordResetRequest />
    </SettingsPage>
  );
}
