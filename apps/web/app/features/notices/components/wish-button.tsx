import { toggleWish } from '@hondana/domain/notices/notices';
import { useState } from 'react';
import { PageLink } from '../../../components/page-link';
import { useTranslation } from '../../../i18n/i18n';
import styles from './wish-button.module.css';

type WishButtonProps = {
  titleId: number;
  initialWished: boolean;
  isMember: boolean;
  /** Where a guest goes to log in and come back. */
  loginTo: string;
};

/** The my-list toggle of §4: in the list means remove, otherwise add. Guests log in first. */
export function WishButton({ titleId, initialWished, isMember, loginTo }: WishButtonProps) {
  const { t } = useTranslation();
  const [wished, setWished] = useState(initialWished);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!isMember) {
    return (
      <PageLink to={loginTo} className={styles.button}>
        {t('noticesEntry.wish.loginToAdd')}
      </PageLink>
    );
  }
  async function toggle() {
    const next = toggleWish(wished);
    setBusy(true);
    setFailed(false);
    try {
      // Loaded on the first tap: the series page ships no API client for its guests.
      const { setWish } = await import('../api/wish');
      const response = await setWish(titleId, next.inMyList);
      if (response.status.code !== 0) throw new Error('status code');
      setWished(response.result.wished);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.button} ${wished ? styles.on : ''}`}
        aria-pressed={wished}
        disabled={busy}
        onClick={toggle}
      >
        <span aria-hidden="true">{wished ? '✓ ' : '＋ '}</span>
        {wished ? t('noticesEntry.wish.remove') : t('noticesEntry.wish.add')}
      </button>
      {failed && (
        <span role="alert" className={styles.error}>
          {t('noticesEntry.wish.failed')}
        </span>
      )}
    </span>
  );
}
