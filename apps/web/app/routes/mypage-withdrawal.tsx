import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { WithdrawalPanel } from '../features/accounts/components/withdrawal-panel';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-withdrawal';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.withdrawal.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/withdrawal'));
  return null;
}

export default function MypageWithdrawal() {
  return (
    <SettingsPage title={i18n.t('accountSettings.withdrawal.title')} lead={i18n.t('accountSettings.withdrawal.lead')}>
      <WithdrawalPanel />
    </SettingsPage>
  );
}
