import styles from './admin.module.css';

/**
 * The outcome of the last change of a form, announced to assistive technology; `errorId` names
 * the error's line, which the fields it is about are described by (`useInvalidFields`).
 */
export function ChangeStatus({ notice, error, errorId }: { notice: string | null; error: string | null; errorId?: string }) {
  return (
    <div role="status" aria-live="polite">
      {notice && <p className={styles.notice}>{notice}</p>}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
