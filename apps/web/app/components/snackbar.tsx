import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './snackbar.module.css';

/** §4 snackbar: closes itself after 3300 ms, the 300 ms animations (in, and out at the end) included. */
export const SNACKBAR_MS = 3300;

/**
 * The app's one snackbar for transient messages (copied, added to the cart, …). `message` null
 * shows nothing; a new message restarts the 3300 ms. Rendered only in the browser (after a tap),
 * in a node of its own under body so it is announced over an open dialog too.
 */
export function Snackbar({ message, onDone }: { message: string | null; onDone: () => void }) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => done.current(), SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  if (message === null || typeof document === 'undefined') return null;
  return createPortal(
    <div key={message} className={styles.snackbar} role="status" aria-live="polite" data-testid="snackbar">
      {message}
    </div>,
    document.body,
  );
}
