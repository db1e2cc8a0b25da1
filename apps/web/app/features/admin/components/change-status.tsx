import styles from './admin.module.css';

/** The outcome of the last change of a form, announced to assistive technology. */
export function ChangeStatus({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {notice && <p className={styles.notice}>{notice}</p>}
      {error && <p className={styles.error}>{error}</p>}
    </div>
  );
}
