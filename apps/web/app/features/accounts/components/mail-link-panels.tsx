import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { confirmEmail, unsubscribe, unsubscribeState } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/**
 * An address confirmation link's page: the link is used when the member presses the button, not
 * on opening (mail scanners open links), so a scanner cannot spend it.
 */
export function EmailConfirmPanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useMutation({ mutationFn: () => confirmEmail(token) });
  if (confirm.isSuccess) {
    const { purpose, email } = confirm.data;
    return (
      <section className={styles.card}>
        <p className={styles.notice} role="status">
          {purpose === 'EMAIL_CHANGE'
            ? t('accountSettings.confirm.changeDone', { email })
            : t('accountSettings.confirm.signupDone', { email })}
        </p>
        <Link to="/mypage">{t('accountSettings.confirm.toMypage')}</Link>
      </section>
    );
  }
  return (
    <section className={styles.card}>
      <Outcome error={confirm.isError ? t('accountSettings.confirm.invalid') : null} />
      <p>{t('accountSettings.confirm.lead')}</p>
      <button type="button" className={styles.submit} onClick={() => confirm.mutate()} disabled={confirm.isPending}>
        {t('accountSettings.confirm.submit')}
      </button>
    </section>
  );
}

/** A notice mail's unsubscribe page: what the link stops, and the button that stops it (RFC 8058's POST). */
export function UnsubscribePanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const state = useQuery({ queryKey: ['accounts', 'unsubscribe', token], queryFn: () => unsubscribeState(token), retry: false });
  const stop = useMutation({ mutationFn: () => unsubscribe(token) });
  if (state.isError) return <Outcome error={t('accountSettings.unsubscribe.invalid')} />;
  if (stop.isSuccess) return <Outcome done={t('accountSettings.unsubscribe.done')} />;
  if (state.data && !state.data.enabled) return <Outcome done={t('accountSettings.unsubscribe.already')} />;
  return (
    <section className={styles.card}>
      <p>{t('accountSettings.unsubscribe.lead')}</p>
      <button type="button" className={styles.submit} onClick={() => stop.mutate()} disabled={!state.data || stop.isPending}>
        {t('accountSettings.unsubscribe.submit')}
      </button>
    </section>
  );
}
