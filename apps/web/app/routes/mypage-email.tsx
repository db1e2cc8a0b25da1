import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { EmailSettings } from '../features/accounts/components/email-settings';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-email';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.email.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/email'));
  const profile = await context.accounts.getProfile(context.viewer.userId);
  return { email: profile.email, confirmed: profile.emailConfirmed, pendingEmail: profile.pendingEmail };
}

export default function MypageEmail({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title={i18n.t('accountSettings.email.title')} lead={i18n.t('accountSettings.email.lead')}>
      <EmailSettings {...loaderData} />
    </SettingsPage>
  );
}
