import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-accounts';
import { useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { TextField } from '../../../components/text-field';
import { useFocusFirstInvalid } from '../../../lib/form-errors';
import type { AccountFormState } from '../api/form-state';
import styles from './account-form.module.css';

type LoginFormProps = {
  /** The last failed attempt, if any (the action's data). */
  state: AccountFormState | undefined;
  /** The signup page, carrying the same callback. */
  signupHref: string;
};

/** Email and password login; posts to the page's own action, which keeps the callback query. */
export function LoginForm({ state, signupHref }: LoginFormProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === 'submitting';
  // Each failed post answers a new state: the focus goes to its first invalid field.
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, state);
  return (
    <section className={styles.card} aria-labelledby="login-heading">
      <h1 id="login-heading" className={styles.heading}>
        {t('login.heading')}
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
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={state?.values.email}
          error={state?.fieldErrors.email}
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          error={state?.fieldErrors.password}
        />
        <button type="submit" className={styles.submit} disabled={submitting}>
          {t('login.submit')}
        </button>
        <Link to="/password_reset" className={styles.forgot}>
          {t('login.forgot')}
        </Link>
      </Form>
      <p className={styles.switch}>
        {t('login.noAccount')}
        <br />
        <Link to={signupHref}>{t('login.toSignup')}</Link>
      </p>
    </section>
  );
}
