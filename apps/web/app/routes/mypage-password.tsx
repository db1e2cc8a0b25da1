import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { PasswordForm } from '../features/accounts/components/password-form';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-password';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.password.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/password'));
  return null;
}

export default function MypagePassword() {
  return (
    <SettingsPage title={i18n.t('accountSettings.password.title')} lead={i18n.t('accountSettings.password.lead')}>
      <PasswordForm />
    </SettingsPage>
  );
}
