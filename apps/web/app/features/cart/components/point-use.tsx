import { formatAmount } from '@hondana/domain/common/format';
import type { CartView } from '@hondana/domain/cart/cart-api';
import { useId } from 'react';
import { cartCopy } from '../../../i18n/ja-cart';
import styles from './cart.module.css';

type Props = {
  cart: CartView;
  usePoint: number;
  /** Points cannot pay with manga coins (§5 CART_INVALID_PAYMENT_TYPE): the control says so. */
  withMangaCoin: boolean;
  busy: boolean;
  onUsePoint: (points: number) => void;
};

/** §5 point use of the cart: a number within minUsePoint–maxUsePoint, すべて使う and 使わない; totals come from the server. */
export function PointUse({ cart, usePoint, withMangaCoin, busy, onUsePoint }: Props) {
  const id = useId();
  const max = cart.maxUsePoint;
  const off = withMangaCoin || max <= 0;
  const clamp = (n: number) => Math.min(Math.max(Math.floor(n) || 0, cart.minUsePoint), max);
  return (
    <div className={styles.field} data-testid="point-use">
      <label htmlFor={id}>{cartCopy('point.label')}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={cart.minUsePoint}
        max={max}
        step={1}
        value={off ? 0 : usePoint}
        disabled={busy || off}
        onChange={(e) => onUsePoint(clamp(Number(e.target.value)))}
      />
      <span>pt</span>
      <button type="button" className={styles.secondary} disabled={busy || off || usePoint === max} onClick={() => onUsePoint(max)}>
        {cartCopy('point.all')}
      </button>
      <button type="button" className={styles.secondary} disabled={busy || off || usePoint === 0} onClick={() => onUsePoint(0)}>
        {cartCopy('point.clear')}
      </button>
      <p className={styles.hint}>
        {cart.myPoint === 0
          ? cartCopy('point.noneHeld')
          : withMangaCoin
            ? cartCopy('point.notWithMangaCoin', { held: formatAmount(cart.myPoint) })
            : cartCopy('point.hint', { held: formatAmount(cart.myPoint), min: formatAmount(cart.minUsePoint), max: formatAmount(max) })}
      </p>
    </div>
  );
}
