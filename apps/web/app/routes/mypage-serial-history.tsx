import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { SerialChargeHistoryList, SerialHistoryList } from '../features/serials/components/serial-history';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-serial-history';
import type { Route } from './+types/mypage-serial-history';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('serialHistory.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/serial-history'));
  return null;
}

/** 閲覧履歴 and レンタル履歴 of serials (issue 40 item 3). */
export default function MypageSerialHistory() {
  return (
    <SettingsPage title={i18n.t('serialHistory.title')} lead={i18n.t('serialHistory.lead')}>
      <SerialHistoryList />
      <SerialChargeHistoryList />
    </SettingsPage>
  );
}
