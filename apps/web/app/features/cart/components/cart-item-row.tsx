import { formatAmount } from '@hondana/domain/common/format';
import type { CartItemView } from '@hondana/domain/cart/cart-api';
import { cartCopy } from '../../../i18n/ja-cart';
import { cartPayCopy } from '../../../i18n/ja-cart-pay';
import styles from './cart.module.css';

interface Props {
  item: CartItemView;
  busy: boolean;
  onMove: (item: CartItemView) => void;
  onRemove: (item: CartItemView) => void;
}

/** One cart line: cover, name, price (the regular price struck through when lower), reasons, move and remove. */
export function CartItemRow({ item, busy, onMove, onRemove }: Props) {
  const levelClass = item.level === 'ERROR' ? styles.error : item.level === 'WARNING' ? styles.warning : '';
  return (
    <li className={`${styles.item} ${levelClass}`} data-testid={`cart-item-${item.bookId}`}>
      <img className={styles.cover} src={item.imageUrl} alt="" width={64} height={91} loading="lazy" />
      <div className={styles.itemBody}>
        <p className={styles.name}>
          {item.cartType === 'BUNDLE' && <span className={styles.bundle}>{cartPayCopy('bundle', { count: item.bundleBooks.length })}</span>}
          {item.name}
        </p>
        <p className={styles.price}>
          {cartCopy('price', { price: formatAmount(item.price) })}
          {item.regularPrice > item.price && (
            <s className={styles.regular}>{cartCopy('regularPrice', { price: formatAmount(item.regularPrice) })}</s>
          )}
          {item.point > 0 && <span className={styles.points}>{cartCopy('points', { point: item.point })}</span>}
        </p>
        {item.level !== 'NONE' && (
          <p className={styles.reason} role="status">
            <strong>{cartCopy(`levels.${item.level}`)}</strong> {item.errors.map((e) => cartCopy(`itemErrors.${e}`)).join('・')}
          </p>
        )}
        <div className={styles.itemActions}>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => onMove(item)}>
            {item.status === 'ACTIVE' ? cartCopy('moveLater') : cartCopy('moveBack')}
          </button>
          <button type="button" className={styles.link} disabled={busy} onClick={() => onRemove(item)}>
            {cartCopy('remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
