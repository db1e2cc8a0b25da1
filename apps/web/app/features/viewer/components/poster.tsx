import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { viewerKindOf } from '@hondana/domain/viewer/direction';
import { openingPage } from '@hondana/domain/viewer/progress';
import { useTranslation } from '../../../i18n/i18n';
import styles from './stage.module.css';
import '../../../i18n/ja-viewer';

/**
 * The page the book opens at, in the server's HTML: painted before any script runs, while the
 * reader (which needs the window's size) starts. Fixed-layout books only; the browser picks the
 * width from `sizes`, which is the single-page slot of PagedStage (fit to width and height).
 */
export function Poster({ info, startupPage }: { info: ViewerInfo; startupPage: number | null }) {
  const { t } = useTranslation();
  if (viewerKindOf(info.layoutType, info.book_data.imagedReflow) !== 'fixed') return null;
  const pages = info.pages_data.pages.filter((p) => p.accessible);
  const wanted = openingPage({
    startupPage: startupPage ?? info.readingPage?.page ?? null,
    readingPage: null,
    total: info.book_data.totalPage,
  });
  const page = pages.find((p) => p.page >= wanted) ?? pages[pages.length - 1];
  if (!page || page.images.length === 0) return null;
  const aspect = ((page.width / page.height) * 100).toFixed(2);
  return (
    <div className={styles.paged} data-testid="viewer-poster">
      <img
        className={styles.page}
        srcSet={page.images.map((i) => `${i.webp} ${i.width}w`).join(', ')}
        sizes={`min(100vw, ${aspect}vh)`}
        src={page.images[0]!.webp}
        width={page.width}
        height={page.height}
        alt={t('viewer.page', { page: page.page + 1 })}
        fetchPriority="high"
        {...{ elementtiming: 'viewer-page' }}
      />
    </div>
  );
}
