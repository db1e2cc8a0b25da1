import { formatAmount } from '@hondana/domain/common/format';
import type { GoodValueResponse, MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { CoinIcon } from '../../../components/coin-icon';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './wallet.module.css';

type CoinPackListProps = {
  items: MangaCoinItem[];
  goodValue: GoodValueResponse;
  /** Null for a guest: each pack links to login instead. */
  onBuy: ((item: MangaCoinItem) => void) | null;
  loginTo: string;
  selectedId: number | null;
};

/** §3 Manga coin items of one payment type: coin, bonus, points, price, limit, highlight. */
export function CoinPackList({ items, goodValue, onBuy, loginTo, selectedId }: CoinPackListProps) {
  if (items.length === 0) return <p className={styles.empty}>{walletCopy('shop.empty')}</p>;
  const goodValueId = goodValue.goodValueFlg ? goodValue.item?.id : undefined;
  return (
    <ul className={styles.packs}>
      {items.map((item) => (
        <li
          key={item.id}
          className={item.id === selectedId ? `${styles.pack} ${styles.selected}` : styles.pack}
          data-testid={`coin-pack-${item.id}`}
        >
          <div className={styles.packBadges}>
            {item.id === goodValueId && <span className={styles.goodValue}>{walletCopy('shop.goodValue')}</span>}
            {item.highlight === 'popular' && <span className={styles.popular}>{walletCopy('shop.popular')}</span>}
            {item.highlight === 'bargain' && <span className={styles.bargain}>{walletCopy('shop.bargain')}</span>}
          </div>
          <p className={styles.packCoin}>
            <CoinIcon size={18} />
            <span>{formatAmount(item.coin)}</span>
            {item.bonus > 0 && <span className={styles.packBonus}>{walletCopy('shop.bonus', { bonus: formatAmount(item.bonus) })}</span>}
            {item.bonusPoint > 0 && (
              <span className={styles.packPoint}>{walletCopy('shop.bonusPoint', { point: formatAmount(item.bonusPoint) })}</span>
            )}
          </p>
          {item.limit !== null && (
            <p className={styles.packLimit}>{walletCopy('shop.limit', { limit: item.limit, count: item.purchasableCount ?? 0 })}</p>
          )}
          <PackAction item={item} onBuy={onBuy} loginTo={loginTo} />
        </li>
      ))}
    </ul>
  );
}

function PackAction({ item, onBuy, loginTo }: { item: MangaCoinItem; onBuy: CoinPackListProps['onBuy']; loginTo: string }) {
  const price = walletCopy('shop.price', { price: formatAmount(item.taxIncludedPrice) });
  if (!onBuy) {
    return (
      <a className={styles.packButton} href={loginTo}>
        <span className={styles.packPrice}>{price}</span>
        <span className={styles.packVerb}>{walletCopy('shop.loginToBuy')}</span>
      </a>
    );
  }
  const soldOut = item.purchasableCount !== null && item.purchasableCount <= 0;
  return (
    <button
      type="button"
      className={styles.packButton}
      disabled={soldOut}
      onClick={() => onBuy(item)}
      aria-label={`${formatAmount(item.coin)}マンガコイン ${price} ${soldOut ? walletCopy('shop.soldOut') : walletCopy('shop.buy')}`}
    >
      <span className={styles.packPrice}>{price}</span>
      <span className={styles.packVerb}>{soldOut ? walletCopy('shop.soldOut') : walletCopy('shop.buy')}</span>
    </button>
  );
}
