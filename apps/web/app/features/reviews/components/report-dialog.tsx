import { REVIEW_WARNING_CODES, type ReviewWarningCode } from '@hondana/domain/reviews/reviews';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { report } from '../api/review-mutations';
import styles from './report-dialog.module.css';
import '../../../i18n/ja-reviews';

type Target = { reviewId: number } | { commentId: number };

/**
 * 通報: a modal `<dialog>` (the browser traps focus in it and closes it on Escape) with the
 * four reasons of §8; after sending, the button reads 通報を受け付けました.
 */
export function ReportButton({ target }: { target: Target }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReviewWarningCode | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    setBusy(true);
    try {
      await report(target, reason);
      setDone(true);
      dialog.current?.close();
    } finally {
      setBusy(false);
    }
  }

  if (done) return <span className={styles.done}>{t('reviews.reported')}</span>;
  return (
    <>
      <button type="button" className={styles.open} onClick={() => dialog.current?.showModal()}>
        {t('reviews.report')}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={headingId}>
        <form onSubmit={submit}>
          <h2 id={headingId} className={styles.heading}>
            {t('reviews.reportTitle')}
          </h2>
          <fieldset className={styles.reasons}>
            <legend className="visually-hidden">{t('reviews.reportTitle')}</legend>
            {REVIEW_WARNING_CODES.map((code) => (
              <label key={code} className={styles.reason}>
                <input type="radio" name="warning_code" value={code} checked={reason === code} onChange={() => setReason(code)} />
                {t(`reviews.reasons.${code}`)}
              </label>
            ))}
          </fieldset>
          <div className={styles.buttons}>
            <button type="button" className={styles.cancel} onClick={() => dialog.current?.close()}>
              {t('reviews.reportCancel')}
            </button>
            <button type="submit" className={styles.submit} disabled={!reason || busy}>
              {t('reviews.reportSubmit')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
