import { formatJapaneseDate } from '@hondana/domain/common/time';
import { Link, redirect } from 'react-router';
import { ProfileDetails } from '../features/accounts/components/profile-details';
import { AccountSettingsLinks } from '../features/accounts/components/account-settings-links';
import { loginHref } from '../features/accounts/login-href';
import { MypageNoticeLinks } from '../features/notices/components/mypage-links';
import { MissionsPanel } from '../features/campaigns/components/missions-panel';
import { RunningLotteries } from '../features/campaigns/components/running-lotteries';
import { QueryProvider } from '../components/query-provider';
import { i18n, useTranslation } from '../i18n/i18n';
import '../i18n/ja-accounts';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/mypage';
import styles from './mypage.module.css';
import '../i18n/ja-wallet-entry';
import '../i18n/ja-serial-history';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: i18n.t('mypage.title'), description: i18n.t('mypage.description'), type: 'profile' }),
  { name: 'robots', content: 'noindex' },
];

/** A member's own data: never cached by the browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Guests log in first and come back here. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage'));
  const profile = await context.accounts.getProfile(context.viewer.userId);
  return {
    nickname: profile.nickname,
    email: profile.email,
    // Formatted here so the date library stays on the server (§9: yyyy年M月d日, Asia/Tokyo).
    birthDate: formatJapaneseDate(new Date(`${profile.birthDate}T00:00:00+09:00`)),
    adult: profile.adultState === 'ADULT',
    emailConfirmed: profile.emailConfirmed,
    // The console's own role check (the server's, read afresh): only staff see the way in.
    staff: (await context.admin.role()) !== null,
  };
}

export default function MyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mypage.heading')}</h1>
      <ProfileDetails {...loaderData} />
      <AccountSettingsLinks />
      {loaderData.staff && (
        <nav className={styles.walletLinks} aria-label={t('mypage.staff')}>
          <Link to="/admin">{t('mypage.staffConsole')}</Link>
        </nav>
      )}
      <nav className={styles.walletLinks} aria-label={t('header.bookshelf')}>
        <Link to="/bookshelf">{t('header.bookshelf')}</Link>
        <Link to="/mypage/serial-history">{t('serialHistory.link')}</Link>
      </nav>
      <MypageNoticeLinks />
      <nav className={styles.walletLinks} aria-label={t('walletEntry.wallet')}>
        <Link to="/mangacoin">{t('walletEntry.coinShop')}</Link>
        <Link to="/wallet/manga_coin">{t('walletEntry.wallet')}</Link>
        <Link to="/order/payments">{t('walletEntry.payments')}</Link>
      </nav>
      <QueryProvider>
        <RunningLotteries withList />
        <MissionsPanel />
      </QueryProvider>
    </div>
  );
}
