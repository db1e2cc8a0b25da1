import { useEffect } from 'react';
import styles from './invitations.module.css';

/** §9 snackbar: shown 3300 ms (its 300 ms animation included), then gone. */
export const SNACKBAR_MS = 3300;

export function Snackbar({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(onDone, SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);
  if (message === null) return null;
  return (
    <div className={styles.snackbar} role="status" aria-live="polite">
      {message}
    </div>
  );
}
