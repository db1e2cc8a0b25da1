import { UI_HIDE_MS } from '@hondana/domain/viewer/timing';
import { useCallback, useEffect, useState } from 'react';

/**
 * The header and footer: shown on open, hidden 1500 ms after the last interaction (§9) unless
 * a popup is open; the centre tap zone toggles them.
 */
export function useUiVisibility(pinned: boolean) {
  const [visible, setVisible] = useState(true);
  const [touched, setTouched] = useState(0);

  useEffect(() => {
    if (pinned || !visible) return;
    const timer = setTimeout(() => setVisible(false), UI_HIDE_MS);
    return () => clearTimeout(timer);
  }, [pinned, visible, touched]);

  const toggle = useCallback(() => setVisible((v) => !v), []);
  /** Keeps the UI up while the reader uses it (slider, buttons): the timer starts again. */
  const touch = useCallback(() => {
    setVisible(true);
    setTouched((n) => n + 1);
  }, []);
  return { visible: visible || pinned, toggle, touch };
}
