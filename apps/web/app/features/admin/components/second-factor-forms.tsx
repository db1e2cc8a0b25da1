import type { TotpEnrolment } from '@hondana/domain/admin/admin-second-factor-api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { secondFactorCopy as s } from '../../../i18n/ja-admin-second-factor';
import { answerSecondFactorWith, checkSecondFactor, codeError, confirmTotpEnrolment, startTotpEnrolment } from '../api/second-factor';
import styles from './admin.module.css';
import own from './second-factor.module.css';

/** A code field and its button: sends the trimmed code, shows why it was refused. */
function CodeForm({ label, submit, busyLabel, onCode, autoComplete }: { label: string; submit: string; busyLabel: string; onCode: (code: string) => Promise<void>; autoComplete?: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onCode(code.trim());
    } catch (e) {
      setError(codeError(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={own.codeForm} onSubmit={send}>
      <label className={styles.field} htmlFor={id}>
        {label}
        <input id={id} value={code} onChange={(e) => setCode(e.target.value)} autoComplete={autoComplete ?? 'one-time-code'} spellCheck={false} required maxLength={64} />
      </label>
      <button type="submit" className={styles.button} disabled={busy || code.trim() === ''}>
        {busy ? busyLabel : submit}
      </button>
      {error && (
        <p className={`${styles.error} ${own.full}`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The enrolment: a new secret (QR code and base32 text, shown once), confirmed by its first code, then the ten recovery codes. */
export function EnrolTotp({ next }: { next: string }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setStarting(true);
    setError(null);
    try {
      setEnrolment(await startTotpEnrolment());
    } catch (e) {
      setError(codeError(e));
    } finally {
      setStarting(false);
    }
  }
  if (recoveryCodes) {
    return (
      <section className={styles.section} aria-labelledby="recovery-heading">
        <h2 id="recovery-heading">{s('recovery.heading')}</h2>
        <p>{s('recovery.lead')}</p>
        <ul className={own.codes} aria-label={s('recovery.heading')}>
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Link className={`${styles.button} ${own.link}`} to={next}>
          {s('recovery.open')}
        </Link>
      </section>
    );
  }
  return (
    <section className={styles.section}>
      <p>{s('enrol.lead')}</p>
      {!enrolment ? (
        <>
          <button type="button" className={styles.button} onClick={start} disabled={starting}>
            {starting ? s('enrol.starting') : s('enrol.start')}
          </button>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <>
          <img className={own.qr} src={enrolment.qrCode} alt={s('enrol.qrAlt')} width={220} height={220} />
          <p>{s('enrol.secretLabel')}</p>
          <code className={own.secret} data-testid="totp-secret">
            {enrolment.secret}
          </code>
          <p>{s('enrol.once')}</p>
          <CodeForm label={s('enrol.codeLabel')} submit={s('enrol.confirm')} busyLabel={s('enrol.confirming')} onCode={async (code) => setRecoveryCodes((await confirmTotpEnrolment(code)).recoveryCodes)} />
        </>
      )}
    </section>
  );
}

/** The check of a sign-in: the authenticator's code or a recovery code; `onPassed` once taken. */
export function CheckSecondFactor({ onPassed }: { onPassed: (recoveryCodesLeft: number) => void }) {
  return (
    <CodeForm
      label={s('check.codeLabel')}
      submit={s('check.submit')}
      busyLabel={s('check.submitting')}
      onCode={async (code) => onPassed((await checkSecondFactor(code)).recoveryCodesLeft)}
    />
  );
}

/**
 * The dialog of the console's frame that asks the code again before a money action (the server
 * answered 403 SECOND_FACTOR_REQUIRED): the change is sent again once the code is taken.
 */
export function SecondFactorPrompt() {
  const [pending, setPending] = useState<((passed: boolean) => void) | null>(null);
  useEffect(() => {
    answerSecondFactorWith(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
    return () => answerSecondFactorWith(null);
  }, []);
  if (!pending) return null;
  const close = (passed: boolean) => {
    setPending(null);
    pending(passed);
  };
  return (
    <div className={own.backdrop}>
      <div className={own.dialog} role="dialog" aria-modal="true" aria-labelledby="second-factor-again">
        <h2 id="second-factor-again" className={styles.heading}>
          {s('again.heading')}
        </h2>
        <p>{s('again.lead')}</p>
        <CheckSecondFactor onPassed={() => close(true)} />
        <p>
          <button type="button" className={styles.secondary} onClick={() => close(false)}>
            {s('again.cancel')}
          </button>
        </p>
      </div>
    </div>
  );
}
