import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import styles from './adult-gate.module.css';

type AdultGateProps = {
  /** Guests go to login first (with this page as the callback); members are checked at once. */
  isMember: boolean;
  /** `/login?callback=<this page>`. */
  loginTo: string;
};

/**
 * The age dialog of an R18 title (§4 "Adult gate", §6). A native modal <dialog>: the page
 * behind it is inert, focus stays inside, and Escape counts as いいえ (→ top page).
 * はい: a member's adult check (`GET /api/adult/check`) then a reload; a guest logs in first.
 */
export function AdultGate({ isMember, loginTo }: AdultGateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<'ask' | 'checking' | 'refused' | 'failed'>('ask');

  useEffect(() => {
    const node = dialog.current;
    if (!node || node.matches(':modal')) return;
    // Server-rendered open (visible before scripts run); reopen as a modal once hydrated.
    if (node.open) node.close();
    node.showModal();
  }, []);

  const no = () => navigate('/');

  async function yes() {
    if (!isMember) {
      navigate(loginTo);
      return;
    }
    setState('checking');
    // The call and the API client load on the click: the gate shows on every R18 page at once.
    const { confirmAdult } = await import('../api/confirm-adult');
    const result = await confirmAdult();
    if (result === 'adult') window.location.reload();
    else setState(result);
  }

  return (
    <dialog
      ref={dialog}
      open
      className={styles.dialog}
      aria-labelledby="adult-gate-heading"
      aria-describedby="adult-gate-body"
      onCancel={(event) => {
        event.preventDefault();
        void no();
      }}
    >
      <h2 id="adult-gate-heading" className={styles.heading}>
        {t('adultGate.heading')}
      </h2>
      <p id="adult-gate-body" className={styles.body}>
        {t('adultGate.body')}
      </p>
      {!isMember && <p className={styles.note}>{t('adultGate.guestNote')}</p>}
      {state === 'refused' && (
        <p role="alert" className={styles.error}>
          {t('adultGate.refused')}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          {t('adultGate.failed')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.no} onClick={() => void no()}>
          {t('adultGate.no')}
        </button>
        <button
          type="button"
          className={styles.yes}
          onClick={() => void yes()}
          disabled={state === 'checking' || state === 'refused'}
          autoFocus
        >
          {t('adultGate.yes')}
        </button>
      </div>
    </dialog>
  );
}
