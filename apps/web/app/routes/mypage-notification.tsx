import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { MailNotificationSettings } from '../features/accounts/components/mail-notification-settings';
import { PushNotificationSettings } from '../features/accounts/components/push-notification-settings';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-notification';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.notification.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/notification'));
  return null;
}

export default function MypageNotification() {
  return (
    <SettingsPage title={i18n.t('accountSettings.notification.title')} lead={i18n.t('accountSettings.notification.lead')}>
      <MailNotificationSettings />
      <PushNotificationSettings />
    </SettingsPage>
  );
}
