import type { ReactNode } from 'react';
import styles from './admin.module.css';

/**
 * The box around a console table, which scrolls sideways on a phone: a named region a keyboard
 * can reach and scroll with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable, found
 * by the journeys' shared check on the missions list at 375 px).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
