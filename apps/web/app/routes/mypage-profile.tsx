import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { ProfileForm } from '../features/accounts/components/profile-form';
import { SettingsPage } from '../features/accounts/components/settings-page';
import { i18n } from '../i18n/i18n';
import '../i18n/ja-account-settings';
import type { Route } from './+types/mypage-profile';

export const meta: Route.MetaFunction = () => [
  { title: `${i18n.t('accountSettings.profile.title')} | 本棚` },
  { name: 'robots', content: 'noindex' },
];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/profile'));
  const profile = await context.accounts.getProfile(context.viewer.userId);
  return { nickname: profile.nickname, profile: profile.profile };
}

export default function MypageProfile({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title={i18n.t('accountSettings.profile.title')} lead={i18n.t('accountSettings.profile.lead')}>
      <ProfileForm {...loaderData} />
    </SettingsPage>
  );
}
