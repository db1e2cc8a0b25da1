import { useTranslation } from '../i18n/i18n';
import styles from './coin-icon.module.css';

export type CoinIconProps = {
  /** Rendered size in px (width = height). */
  size?: number;
};

/** The coin mark shown before prices (§2 "Book tile": price with coin icon). */
export function CoinIcon({ size = 14 }: CoinIconProps) {
  const { t } = useTranslation();
  return (
    <svg
      className={styles.icon}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      role="img"
      aria-label={t('coin.label')}
      focusable="false"
    >
      <circle cx="8" cy="8" r="7.5" fill="#e5a50a" />
      <circle cx="8" cy="8" r="5.6" fill="#f7c948" stroke="#c98a04" strokeWidth="0.8" />
      <path d="M9.9 6.1A2.6 2.6 0 1 0 9.9 9.9" fill="none" stroke="#a36b00" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}
