import { formatAmount } from '@hondana/domain/common/format';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useFormFailure } from '../../../lib/form-errors';
import { useTranslation } from '../../../i18n/i18n';
import { settingsError, withdraw, withdrawalSummaryQuery } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** 退会: what is lost (volumes, coins with the 資金決済法 note, points, subscriptions), the password, then the account closes. */
export function WithdrawalPanel() {
  const { t } = useTranslation();
  const summary = useQuery(withdrawalSummaryQuery());
  const [agreed, setAgreed] = useState(false);
  const leave = useMutation({ mutationFn: withdraw });
  const { formRef, errorId, errorFor } = useFormFailure(leave.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    leave.mutate(String(new FormData(event.currentTarget).get('password') ?? ''));
  };
  if (leave.isSuccess) {
    return (
      <section className={styles.card}>
        <p className={styles.notice} role="status">
          {t('accountSettings.withdrawal.done')}
        </p>
        <a href="/">{t('accountSettings.withdrawal.toTop')}</a>
      </section>
    );
  }
  const s = summary.data;
  return (
    <>
      {s && (
        <section className={styles.card} aria-label={t('accountSettings.withdrawal.lead')}>
          <ul className={styles.list}>
            <li>{t('accountSettings.withdrawal.books', { count: formatAmount(s.books) })}</li>
            <li>{t('accountSettings.withdrawal.mangaCoin', { count: formatAmount(s.mangaCoin) })}</li>
            {s.coin > 0 && <li>{t('accountSettings.withdrawal.coin', { count: formatAmount(s.coin) })}</li>}
            <li>{t('accountSettings.withdrawal.points', { count: formatAmount(s.points) })}</li>
            {s.subscriptions.map((sub) => (
              <li key={sub.name}>{t('accountSettings.withdrawal.subscription', { name: sub.name })}</li>
            ))}
          </ul>
          <p className={styles.notice}>
            {t('accountSettings.withdrawal.lawNote')} <Link to="/law/payment_services">{t('accountSettings.withdrawal.lawLink')}</Link>
          </p>
          <p className={styles.lead}>{t('accountSettings.withdrawal.keep')}</p>
          <p className={styles.lead}>{t('accountSettings.withdrawal.again')}</p>
        </section>
      )}
      <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
        <Outcome
          error={leave.isError ? settingsError(leave.error) : summary.isError ? settingsError(summary.error) : null}
          errorId={errorId}
        />
        <TextField
          name="password"
          type="password"
          label={t('accountSettings.withdrawal.password')}
          autoComplete="current-password"
          required
          errorId={errorFor('password')}
        />
        <label className={styles.toggle}>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          {t('accountSettings.withdrawal.agree')}
        </label>
        <button type="submit" className={styles.danger} disabled={!agreed || leave.isPending || !s}>
          {t('accountSettings.withdrawal.submit')}
        </button>
      </form>
    </>
  );
}
