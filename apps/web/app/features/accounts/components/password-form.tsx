import { PASSWORD_MIN_LENGTH } from '@hondana/domain/accounts/accounts-api';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { useFormFailure } from '../../../lib/form-errors';
import { useTranslation } from '../../../i18n/i18n';
import { changePassword, settingsError } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** The password changed with the current one; the other devices are signed out. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useMutation({ mutationFn: changePassword });
  const { formRef, errorId, errorFor } = useFormFailure(change.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    change.mutate(
      { current_password: String(values.get('current_password') ?? ''), password: String(values.get('password') ?? '') },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
      <Outcome
        done={change.isSuccess ? t('accountSettings.password.done', { count: change.data.ended }) : null}
        error={change.isError ? settingsError(change.error) : null}
        errorId={errorId}
      />
      <TextField
        name="current_password"
        type="password"
        label={t('accountSettings.password.current')}
        autoComplete="current-password"
        required
        errorId={errorFor('current_password')}
      />
      <TextField
        name="password"
        type="password"
        label={t('accountSettings.password.next')}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('accountSettings.password.hint', { min: PASSWORD_MIN_LENGTH })}
        required
        errorId={errorFor('password')}
      />
      <button type="submit" className={styles.submit} disabled={change.isPending}>
        {t('accountSettings.password.submit')}
      </button>
    </form>
  );
}
