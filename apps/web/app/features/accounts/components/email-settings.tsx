import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useFormFailure } from '../../../lib/form-errors';
import { useTranslation } from '../../../i18n/i18n';
import { requestEmailChange, resendConfirmation, settingsError } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

type EmailSettingsProps = { email: string; confirmed: boolean; pendingEmail: string | null };

/** The address, whether it is confirmed (with the mail sent again), and its change by a link to the new address. */
export function EmailSettings({ email, confirmed, pendingEmail }: EmailSettingsProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(pendingEmail);
  const resend = useMutation({ mutationFn: resendConfirmation });
  const change = useMutation({ mutationFn: requestEmailChange, onSuccess: (answer) => setPending(answer.pendingEmail) });
  const { formRef, errorId, errorFor } = useFormFailure(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  };
  return (
    <>
      <section className={styles.card} aria-labelledby="current-email">
        <div className={styles.rowText}>
          <span id="current-email">{t('accountSettings.email.current')}</span>
          <span className={styles.rowTitle}>
            {email}
            <span className={styles.badge}>
              {confirmed ? t('accountSettings.email.confirmed') : t('accountSettings.email.unconfirmed')}
            </span>
          </span>
        </div>
        {!confirmed && (
          <>
            <p className={styles.notice}>{t('accountSettings.email.unconfirmedNote')}</p>
            <Outcome
              done={resend.isSuccess ? t('accountSettings.email.resent') : null}
              error={resend.isError ? settingsError(resend.error) : null}
            />
            <button type="button" className={styles.secondary} onClick={() => resend.mutate()} disabled={resend.isPending}>
              {t('accountSettings.email.resend')}
            </button>
          </>
        )}
        {pending && <p className={styles.notice}>{t('accountSettings.email.pending', { email: pending })}</p>}
      </section>
      <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
        <Outcome
          done={change.isSuccess ? t('accountSettings.email.sent', { email: change.data.pendingEmail }) : null}
          error={change.isError ? settingsError(change.error) : null}
          errorId={errorId}
        />
        <TextField
          name="email"
          type="email"
          label={t('accountSettings.email.newEmail')}
          autoComplete="email"
          inputMode="email"
          required
          errorId={errorFor('email')}
        />
        <TextField
          name="password"
          type="password"
          label={t('accountSettings.email.password')}
          autoComplete="current-password"
          required
          errorId={errorFor('password')}
        />
        <button type="submit" className={styles.submit} disabled={change.isPending}>
          {t('accountSettings.email.submit')}
        </button>
      </form>
    </>
  );
}
