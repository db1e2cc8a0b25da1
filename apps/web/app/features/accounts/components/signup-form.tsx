import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-accounts';
import { useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useFocusFirstInvalid } from '../../../lib/form-errors';
import type { AccountFormState } from '../api/form-state';
import styles from './account-form.module.css';

type SignupFormProps = {
  /** The last failed attempt, if any (the action's data). */
  state: AccountFormState | undefined;
  /** The login page, carrying the same callback. */
  loginHref: string;
  /** From the domain's rules, handed over by the loader (the domain's schemas stay on the server). */
  passwordMinLength: number;
};

/** Email, password, nickname and birth date; the server validates with SignupBody. */
export function SignupForm({ state, loginHref, passwordMinLength }: SignupFormProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === 'submitting';
  // Each failed post answers a new state: the focus goes to its first invalid field.
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, state);
  const errors = state?.fieldErrors ?? {};
  return (
    <section className={styles.card} aria-labelledby="signup-heading">
      <h1 id="signup-heading" className={styles.heading}>
        {t('signup.heading')}
      </h1>
      <Form ref={form} method="post" className={styles.form} noValidate>
        {state?.formError && (
          <p className={styles.alert} role="alert">
            {state.formError}
          </p>
        )}
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={state?.values.email}
          error={errors.email}
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="new-password"
          minLength={passwordMinLength}
          required
          hint={t('signup.passwordHint', { min: passwordMinLength })}
          error={errors.password}
        />
        <TextField
          name="nickname"
          label={t('fields.nickname')}
          autoComplete="nickname"
          required
          defaultValue={state?.values.nickname}
          error={errors.nickname}
        />
        <TextField
          name="birth_date"
          type="date"
          label={t('fields.birth_date')}
          autoComplete="bday"
          min="1900-01-01"
          required
          hint={t('signup.birthDateHint')}
          defaultValue={state?.values.birth_date}
          error={errors.birth_date}
        />
        <button type="submit" className={styles.submit} disabled={submitting}>
          {t('signup.submit')}
        </button>
      </Form>
      <p className={styles.switch}>
        {t('signup.hasAccount')}
        <br />
        <Link to={loginHref}>{t('signup.toLogin')}</Link>
      </p>
    </section>
  );
}
