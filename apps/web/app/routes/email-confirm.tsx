import { SettingsPage } from '../features/accounts/components/settings-page';
import { EmailConfirmPanel } from '../features/accounts/components/mail-link-panels';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/email-confirm';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.confirm.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** `/email/confirm?token=` (the link mailed at signup or to a new address). */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

export default function EmailConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title={i18n.t('accountSettings.confirm.title')} back={false}>
      <EmailConfirmPanel token={loaderData.token} />
    </SettingsPage>
  );
}
