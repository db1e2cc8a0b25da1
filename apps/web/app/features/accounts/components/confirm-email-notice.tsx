import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { resendConfirmation, settingsError } from '../api/account-settings';

/**
 * A purchase refused with EMAIL_NOT_CONFIRMED (the buy box, the cart): what to do, in Japanese,
 * with the confirmation mail sent again on the spot (as the e-mail settings page does) and a link
 * to those settings.
 */
export function ConfirmEmailNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  // Plain state rather than a mutation: the cart page has no query client.
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: unknown }>('idle');
  const resend = () => {
    setState('sending');
    resendConfirmation().then(
      () => setState('sent'),
      (error: unknown) => setState({ error }),
    );
  };
  return (
    <div role="alert" className={className} data-testid="confirm-email-notice">
      <p>{t('accountSettings.email.purchaseRefused')}</p>
      {state === 'sent' ? (
        <p role="status">{t('accountSettings.email.resent')}</p>
      ) : (
        <button type="button" onClick={resend} disabled={state === 'sending'}>
          {t('accountSettings.email.resend')}
        </button>
      )}
      {typeof state === 'object' && <p>{settingsError(state.error)}</p>}{' '}
      <a href="/mypage/email">{t('accountSettings.email.settingsLink')}</a>
    </div>
  );
}
