import { SettingsPage } from '../features/accounts/components/settings-page';
import { UnsubscribePanel } from '../features/accounts/components/mail-link-panels';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mail-unsubscribe';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.unsubscribe.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** `/mail/unsubscribe?token=` (a notice mail's link): stops the notice mails, without signing in. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

export default function MailUnsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title={i18n.t('accountSettings.unsubscribe.title')} back={false}>
      <UnsubscribePanel token={loaderData.token} />
    </SettingsPage>
  );
}
