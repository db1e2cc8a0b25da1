import type { Direction } from '@hondana/domain/catalog/catalog';
import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import type { WritingMode } from '@hondana/domain/viewer/direction';
import { pageSlotWidth } from '@hondana/domain/viewer/prefetch';
import { useTranslation } from '../../../i18n/i18n';
import type { Viewport } from '../hooks/use-viewport';
import { pageImageUrl } from './page-image';
import styles from './stage.module.css';
import { TextPage } from './text-page';
import { type GestureHandlers, useStageGestures } from './use-stage-gestures';
import '../../../i18n/ja-viewer';

type PagedStageProps = {
  /** The book whose text pages these are; null for a serial episode, whose pages are all images. */
  bookId: number | null;
  /** The writing of the book's text pages (a colophon), if it has any. */
  writingMode: WritingMode | null;
  pages: readonly ViewerPage[];
  /** Indices (into `pages`) on screen, in reading order. */
  visible: readonly number[];
  direction: Direction;
  viewport: Viewport;
  tapNavigation: boolean;
  handlers: GestureHandlers;
};

/**
 * Fixed-layout pages, one screen at a time: a single page, or a spread. The DOM keeps reading
 * order; CSS puts a right-to-left spread's first page on the right. A text page (a colophon) is
 * laid out in the box its image would fill.
 */
export function PagedStage({ bookId, writingMode, pages, visible, direction, viewport, tapNavigation, handlers }: PagedStageProps) {
  const { t } = useTranslation();
  const gestures = useStageGestures(direction, tapNavigation, handlers);
  const spread = visible.length > 1;
  const first = pages[visible[0] ?? 0];
  return (
    <div
      className={`${styles.paged} ${direction === 'rtl' ? styles.rtl : ''} ${spread ? styles.spread : ''}`}
      data-testid="viewer-stage"
      data-current-page={first?.page}
      data-visible-pages={visible.map((i) => pages[i]?.page).join(',')}
      {...gestures}
    >
      {visible.map((i) => {
        const page = pages[i];
        if (!page) return null;
        const slot = pageSlotWidth(viewport, page, visible.length);
        if (page.text && bookId !== null) {
          const box = { width: slot, height: (slot * page.height) / page.width, flex: 'none' };
          return <TextPage key={page.page} bookId={bookId} page={page} writingMode={writingMode ?? 'horizontal'} style={box} />;
        }
        const url = pageImageUrl(page, slot, viewport.dpr);
        return url ? (
          <img
            key={page.page}
            className={styles.page}
            src={url}
            width={page.width}
            height={page.height}
            alt={t('viewer.page', { page: page.page + 1 })}
            fetchPriority="high"
            draggable={false}
            // Element Timing: the benchmark reads when the first page was painted.
            {...{ elementtiming: 'viewer-page' }}
          />
        ) : null;
      })}
    </div>
  );
}
