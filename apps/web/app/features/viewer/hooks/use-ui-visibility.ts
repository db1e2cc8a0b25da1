import { UI_HIDE_MS } from '@hondana/domain/viewer/timing';
import { useCallback, useEffect, useState } from 'react';

/**
 * The header and footer: shown on open, hidden 1500 ms after the last interaction (§9) unless
 * a popup is open or focus is in them; the centre tap zone toggles them, and Tab shows them.
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

  // A keyboard reaches the controls too (issue 42): Tab brings them back (hidden, they are out of
  // the tab order, and Tab went nowhere), and they stay while keyboard focus is in them.
  const [focusInside, setFocusInside] = useState(false);
  useEffect(() => {
    const inBar = (node: EventTarget | null) => node instanceof Element && node.closest('[data-viewer-bar]') !== null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') touch();
    };
    // Keyboard focus only (`:focus-visible`): a button clicked keeps focus too, and the bars
    // must still go after a tap on them.
    const onFocusIn = (e: FocusEvent) => setFocusInside(inBar(e.target) && (e.target as Element).matches(':focus-visible'));
    const onFocusOut = () => setFocusInside(false);
    window.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [touch]);
  return { visible: visible || pinned || focusInside, toggle, touch };
}
