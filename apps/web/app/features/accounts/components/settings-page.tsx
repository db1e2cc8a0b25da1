import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-account-settings';
import styles from './settings.module.css';

type SettingsPageProps = { title: string; lead?: string; children: ReactNode; back?: boolean };

/** The frame of an account settings page: its heading, its lead, and the way back to /mypage. */
export function SettingsPage({ title, lead, children, back = true }: SettingsPageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      <QueryProvider>{children}</QueryProvider>
      {back && (
        <p className={styles.links}>
          <Link to="/mypage">{t('accountSettings.nav.back')}</Link>
        </p>
      )}
    </div>
  );
}

/** A line saying what happened: a notice, or an error read out at once. */
export function Outcome({
  done,
  error,
  errorId,
}: {
  done?: string | null | undefined;
  error?: string | null | undefined;
  errorId?: string;
}) {
  if (error)
    return (
      <p id={errorId} className={styles.error} role="alert">
        {error}
      </p>
    );
  if (done)
    return (
      <p className={styles.notice} role="status">
        {done}
      </p>
    );
  return null;
}
