import { useTranslation } from '../i18n/i18n';
import styles from './coin-icon.module.css';

type CoinIconProps = {
  /** Rendered size in px (width = height). */
  size?: 12 | 14 | 18 | 20;
};

const classBySize = {
  12: `${styles.icon} ${styles.size12}`,
  14: styles.icon,
  18: `${styles.icon} ${styles.size18}`,
  20: `${styles.icon} ${styles.size20}`,
};

/** The coin mark shown before prices (§2 "Book tile": price with coin icon). */
export function CoinIcon({ size = 14 }: CoinIconProps) {
  const { t } = useTranslation();
  return <span className={classBySize[size]} role="img" aria-label={t('coin.label')} />;
}
