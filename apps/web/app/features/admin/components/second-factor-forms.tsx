import type { TotpEnrolment } from '@hondana/domain/admin/admin-second-factor-api';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { secondFactorCopy } from '../../../i18n/ja-admin-second-factor';
import {
  answerSecondFactorWith,
  checkSecondFactor,
  checkWithPasskey,
  codeError,
  confirmTotpEnrolment,
  passkeyError,
  registerPasskey,
  secondFactorState,
  startTotpEnrolment,
} from '../api/second-factor';
import styles from './admin.module.css';
import own from './second-factor.module.css';

/** A code field and its button: sends the trimmed code, shows why it was refused. */
function CodeForm({
  label,
  submit,
  busyLabel,
  onCode,
  autoComplete,
}: {
  label: string;
  submit: string;
  busyLabel: string;
  onCode: (code: string) => Promise<void>;
  autoComplete?: string;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onCode(code.trim());
    } catch (e) {
      setError(codeError(e));
      setCode('');
      // The form's one field is what the refusal is about: it takes the focus, described by the error.
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={own.codeForm} onSubmit={send}>
      <label className={styles.field} htmlFor={id}>
        {label}
        <input
          ref={input}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete={autoComplete ?? 'one-time-code'}
          spellCheck={false}
          required
          maxLength={64}
        />
      </label>
      <button type="submit" className={styles.button} disabled={busy || code.trim() === ''}>
        {busy ? busyLabel : submit}
      </button>
      {error && (
        <p id={`${id}-error`} className={`${styles.error} ${own.full}`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The ten recovery codes of a first enrolment, shown once, and the way on to the console. */
function RecoveryCodesShown({ codes, next }: { codes: string[]; next: string }) {
  return (
    <section className={styles.section} aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">{secondFactorCopy('recovery.heading')}</h2>
      <p>{secondFactorCopy('recovery.lead')}</p>
      <ul className={own.codes} aria-label={secondFactorCopy('recovery.heading')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link className={`${styles.button} ${own.link}`} to={next}>
        {secondFactorCopy('recovery.open')}
      </Link>
    </section>
  );
}

/**
 * A passkey's registration (WebAuthn): one button, the device's own prompt, then the recovery
 * codes when it is the member's first factor (else straight on to the console).
 */
export function EnrolPasskey({ next, onRegistered }: { next: string; onRegistered?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  async function register() {
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await registerPasskey();
      setCodes(recoveryCodes);
      onRegistered?.();
    } catch (e) {
      setError(passkeyError(e));
    } finally {
      setBusy(false);
    }
  }
  if (codes && codes.length > 0) return <RecoveryCodesShown codes={codes} next={next} />;
  if (codes) {
    return (
      <section className={styles.section}>
        <p role="status">{secondFactorCopy('passkey.registered')}</p>
        <Link className={`${styles.button} ${own.link}`} to={next}>
          {secondFactorCopy('recovery.open')}
        </Link>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="passkey-enrol-heading">
      <h2 id="passkey-enrol-heading">{secondFactorCopy('passkey.enrolHeading')}</h2>
      <p>{secondFactorCopy('passkey.enrolLead')}</p>
      <button type="button" className={styles.button} onClick={register} disabled={busy}>
        {busy ? secondFactorCopy('passkey.registering') : secondFactorCopy('passkey.register')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The check with a passkey: one button and the device's own prompt; `onPassed` once the store took it. */
function PasskeyCheck({ onPassed }: { onPassed: (recoveryCodesLeft: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function check() {
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodesLeft } = await checkWithPasskey();
      onPassed(recoveryCodesLeft);
    } catch (e) {
      setError(passkeyError(e));
      setBusy(false);
    }
  }
  return (
    <div className={own.passkey}>
      <button type="button" className={styles.button} onClick={check} disabled={busy}>
        {busy ? secondFactorCopy('passkey.checking') : secondFactorCopy('passkey.check')}
      </button>
      {error && (
        <p className={`${styles.error} ${own.full}`} role="alert">
          {error}
        </p>
      )}
      <p className={own.or}>{secondFactorCopy('passkey.or')}</p>
    </div>
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
  if (recoveryCodes) return <RecoveryCodesShown codes={recoveryCodes} next={next} />;
  return (
    <section className={styles.section} aria-labelledby="totp-enrol-heading">
      <h2 id="totp-enrol-heading">{secondFactorCopy('passkey.totpHeading')}</h2>
      {!enrolment ? (
        <>
          <button type="button" className={styles.button} onClick={start} disabled={starting}>
            {starting ? secondFactorCopy('enrol.starting') : secondFactorCopy('enrol.start')}
          </button>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <>
          <img className={own.qr} src={enrolment.qrCode} alt={secondFactorCopy('enrol.qrAlt')} width={220} height={220} />
          <p>{secondFactorCopy('enrol.secretLabel')}</p>
          <code className={own.secret} data-testid="totp-secret">
            {enrolment.secret}
          </code>
          <p>{secondFactorCopy('enrol.once')}</p>
          <CodeForm
            label={secondFactorCopy('enrol.codeLabel')}
            submit={secondFactorCopy('enrol.confirm')}
            busyLabel={secondFactorCopy('enrol.confirming')}
            onCode={async (code) => setRecoveryCodes((await confirmTotpEnrolment(code)).recoveryCodes)}
          />
        </>
      )}
    </section>
  );
}

/** The check of a sign-in: the passkey (when the member has one), the authenticator's code or a recovery code; `onPassed` once taken. */
export function CheckSecondFactor({ onPassed, passkey = false }: { onPassed: (recoveryCodesLeft: number) => void; passkey?: boolean }) {
  return (
    <>
      {passkey && <PasskeyCheck onPassed={onPassed} />}
      <CodeForm
        label={secondFactorCopy('check.codeLabel')}
        submit={secondFactorCopy('check.submit')}
        busyLabel={secondFactorCopy('check.submitting')}
        onCode={async (code) => onPassed((await checkSecondFactor(code)).recoveryCodesLeft)}
      />
    </>
  );
}

/**
 * Gives the focus back to the change's button: it may still be disabled for a moment (its change
 * is settling as the dialog closes), so the focus is tried again on the next frames until it takes.
 */
function focusWhenEnabled(target: HTMLElement, frames = 30): void {
  target.focus();
  if (document.activeElement !== target && frames > 0 && target.isConnected)
    requestAnimationFrame(() => focusWhenEnabled(target, frames - 1));
}

interface Asked {
  resolve: (passed: boolean) => void;
}

/**
 * The dialog of the console's frame that asks the factor again before a money action (the server
 * answered 403 SECOND_FACTOR_REQUIRED): the passkey when the member has one, or the code; the
 * change is sent again once it is taken. A modal (Radix Dialog): focus is kept inside, Escape
 * and キャンセル close it without the change, and focus goes back to what had it (the button of
 * the change).
 */
export function SecondFactorPrompt() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [passkey, setPasskey] = useState(false);
  // What had the focus when the change was asked for: kept past `asked`, which is cleared as the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    answerSecondFactorWith(
      (focused) =>
        new Promise<boolean>((resolve) => {
          opener.current = focused;
          setAsked({ resolve });
          // Whether to offer the passkey: where the member stands, read when the dialog opens.
          secondFactorState().then(
            (state) => setPasskey(state.passkeys > 0),
            () => setPasskey(false),
          );
        }),
    );
    return () => answerSecondFactorWith(null);
  }, []);
  const close = (passed: boolean) => {
    if (!asked) return;
    setAsked(null);
    asked.resolve(passed);
  };
  return (
    <Dialog.Root open={asked !== null} onOpenChange={(open) => !open && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className={own.backdrop}>
          <Dialog.Content
            className={own.dialog}
            aria-describedby="second-factor-again-lead"
            onCloseAutoFocus={(event) => {
              const target = opener.current;
              if (!target?.isConnected) return;
              event.preventDefault();
              focusWhenEnabled(target);
            }}
          >
            <Dialog.Title className={styles.heading}>{secondFactorCopy('again.heading')}</Dialog.Title>
            <p id="second-factor-again-lead">{secondFactorCopy('again.lead')}</p>
            <CheckSecondFactor passkey={passkey} onPassed={() => close(true)} />
            <p>
              <Dialog.Close className={styles.secondary}>{secondFactorCopy('again.cancel')}</Dialog.Close>
            </p>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
