import { PASSWORD_MIN_LENGTH } from '@hondana/domain/accounts/accounts-api';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useFormFailure } from '../../../lib/form-errors';
import { useTranslation } from '../../../i18n/i18n';
import { confirmPasswordReset, requestPasswordReset, settingsError } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** From the login page: the address to mail a reset link to (the same answer whether it is a member's). */
export function PasswordResetRequest() {
  const { t } = useTranslation();
  const request = useMutation({ mutationFn: requestPasswordReset });
  const { formRef, errorId, errorFor } = useFormFailure(request.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email') ?? '').trim());
  };
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
      <Outcome
        done={request.isSuccess ? t('accountSettings.reset.sent') : null}
        error={request.isError ? settingsError(request.error) : null}
        errorId={errorId}
      />
      <TextField
        name="email"
        type="email"
        label={t('accountSettings.reset.email')}
        autoComplete="username"
        inputMode="email"
        required
        errorId={errorFor('email')}
      />
      <button type="submit" className={styles.submit} disabled={request.isPending}>
        {t('accountSettings.reset.submit')}
      </button>
    </form>
  );
}

/** The mailed link's page: the new password, once. */
export function PasswordResetConfirm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useMutation({ mutationFn: (password: string) => confirmPasswordReset(token, password) });
  const { formRef, errorId, errorFor } = useFormFailure(confirm.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(String(new FormData(event.currentTarget).get('password') ?? ''));
  };
  if (confirm.isSuccess) {
    return (
      <section className={styles.card}>
        <p className={styles.notice} role="status">
          {t('accountSettings.reset.done')}
        </p>
        <Link to="/login" className={styles.submit} style={{ display: 'grid', placeItems: 'center', textDecoration: 'none' }}>
          {t('accountSettings.reset.toLogin')}
        </Link>
      </section>
    );
  }
  const invalid = confirm.error && 'errorCode' in confirm.error && confirm.error.errorCode === 'INVALID_TOKEN';
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
      <Outcome
        error={invalid ? t('accountSettings.reset.invalid') : confirm.isError ? settingsError(confirm.error) : null}
        errorId={errorId}
      />
      {invalid && <Link to="/password_reset">{t('accountSettings.reset.again')}</Link>}
      <TextField
        name="password"
        type="password"
        label={t('accountSettings.reset.newPassword')}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('accountSettings.password.hint', { min: PASSWORD_MIN_LENGTH })}
        required
        errorId={errorFor('password')}
      />
      <button type="submit" className={styles.submit} disabled={confirm.isPending}>
        {t('accountSettings.reset.setSubmit')}
      </button>
    </form>
  );
}
