import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { SessionsList } from '../features/accounts/components/sessions-list';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-sessions';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.sessions.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/sessions'));
  return null;
}

export default function MypageSessions() {
  return (
    <SettingsPage title={i18n.t('accountSettings.sessions.title')} lead={i18n.t('accountSettings.sessions.lead')}>
      <SessionsList />
    </SettingsPage>
  );
}
