import { formatAmount } from '@hondana/domain/common/format';
import { appealKind, packCovering } from '@hondana/domain/orders/last-page-commerce';
import type { MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './purchase.module.css';
import { SubscriptionTeaser } from '../../subscriptions/components/subscription-teaser';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';

/**
 * The pack that covers a shortage, appealed as a coupon-like bargain when its bonus is more than
 * 0.3 of its coins and as plain coins otherwise (§5, §9 threshold 0.3).
 */
export function CoinAppeal({ packs, shortage }: { packs: MangaCoinItem[]; shortage: number }) {
  const pack = packCovering(packs, shortage);
  if (!pack) return null;
  const vars = { coin: formatAmount(pack.coin), bonus: formatAmount(pack.bonus), price: formatAmount(pack.taxIncludedPrice) };
  const kind = appealKind(pack);
  return (
    <div className={kind === 'coupon' ? `${styles.appeal} ${styles.appealCoupon}` : styles.appeal} data-appeal={kind}>
      <p>{kind === 'coupon' ? walletCopy('purchase.appealCoupon', vars) : walletCopy('purchase.appealCoin', vars)}</p>
      <CoinShopLink>{walletCopy('purchase.appealLink')}</CoinShopLink>
      <SubscriptionTeaser from="coin_appeal" />
    </div>
  );
}
