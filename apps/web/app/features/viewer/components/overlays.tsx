import type { shownPages } from '@hondana/domain/viewer/indicator';
import { useTranslation } from '../../../i18n/i18n';
import styles from './viewer.module.css';
import '../../../i18n/ja-viewer';

export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="viewer-loading">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('viewer.loading')}</span>
    </div>
  );
}

type FailureScreenProps = { onReload: () => void; closeHref: string };

/** §2: 作品情報の取得ができませんでした with reload and close-viewer buttons. */
export function FailureScreen({ onReload, closeHref }: FailureScreenProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} role="alert">
      <p>{t('viewer.failed')}</p>
      <div className={styles.controls}>
        <button type="button" className={styles.button} onClick={onReload}>
          {t('viewer.reload')}
        </button>
        <a className={styles.close} href={closeHref}>
          {t('viewer.closeViewer')}
        </a>
      </div>
    </div>
  );
}

/** The current-page indicator; the caller passes null when §5 says it does not render. */
/** The page number on screen while the menus show (its words are the announcer's below). */
export function PageIndicator({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <div className={`${styles.indicator} ${styles.pageIndicator}`} aria-hidden="true" data-testid="page-indicator">
      {text}
    </div>
  );
}

/**
 * Says the page to a screen reader on every turn, menus shown or not (issue 42): a polite live
 * region, out of sight, `全14ページ中 3ページ目` (a spread `3〜4ページ目`).
 */
export function PageAnnouncer({ pages }: { pages: ReturnType<typeof shownPages> }) {
  const { t } = useTranslation();
  const text = pages === null ? '' : pages.first === pages.last ? t('viewer.pageAnnounce', pages) : t('viewer.pageAnnounceSpread', pages);
  return (
    <p className="visually-hidden" role="status" data-testid="page-announcer">
      {text}
    </p>
  );
}

/** §2 overlay: ヨコ読み or タテ読み. */
export function DirectionIndicator({ vertical }: { vertical: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.indicator} ${styles.directionIndicator}`} data-testid="direction-indicator">
      {vertical ? t('viewer.vertical') : t('viewer.horizontal')}
    </div>
  );
}
