import { LONG_PRESS_FIRE_MS, LONG_PRESS_PROGRESS_MS } from '@hondana/domain/orders/last-page-commerce';
import { useEffect, useRef, useState } from 'react';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './purchase.module.css';

type Phase = 'idle' | 'pressing' | 'buying' | 'done';

/**
 * 長押し購入 (§4): pressing shows an overlay whose bar fills over 2000 ms; the purchase fires at
 * 2050 ms; releasing, leaving or a cancelled touch before that cancels. Space or Enter held
 * works the same from the keyboard. `onFire` resolves true when the order completed.
 */
export function LongPressBuy({ onFire }: { onFire: () => Promise<boolean> }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPhase((p) => (p === 'pressing' ? 'idle' : p));
  };
  const start = () => {
    if (phase !== 'idle') return;
    setPhase('pressing');
    timer.current = setTimeout(() => {
      timer.current = null;
      setPhase('buying');
      void onFire().then((ok) => setPhase(ok ? 'done' : 'idle'));
    }, LONG_PRESS_FIRE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <>
      <button
        type="button"
        className={styles.longPress}
        aria-describedby="long-press-hint"
        onPointerDown={start}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onKeyDown={(e) => {
          if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
            e.preventDefault();
            start();
          }
        }}
        onKeyUp={cancel}
        onContextMenu={(e) => e.preventDefault()}
      >
        {walletCopy('purchase.longPress')}
      </button>
      <span id="long-press-hint" className="visually-hidden">
        {walletCopy('purchase.longPressHint')}
      </span>
      {phase !== 'idle' && (
        <div className={styles.pressOverlay} role="status" data-testid="long-press-overlay">
          <p>{phase === 'done' ? walletCopy('purchase.purchaseComplete') : walletCopy('purchase.longPressOverlay')}</p>
          <div className={styles.progress}>
            <span
              className={phase === 'pressing' ? styles.progressFill : `${styles.progressFill} ${styles.progressFull}`}
              style={{ animationDuration: `${LONG_PRESS_PROGRESS_MS}ms` }}
            />
          </div>
        </div>
      )}
    </>
  );
}
