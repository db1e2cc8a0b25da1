import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styles from './invitations.module.css';

/** §9 snackbar: shown 3300 ms (its 300 ms animation included), then gone. Rendered only in the browser (after a tap). */
export const SNACKBAR_MS = 3300;

export function Snackbar({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(onDone, SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);
  if (message === null) return null;
  // A node of its own under body, added after any open dialog hid the rest of the page from
  // assistive technology, so the message is announced over the dialog too.
  return createPortal(
    <div className={styles.snackbar} role="status" aria-live="polite">
      {message}
    </div>,
    document.body,
  );
}
