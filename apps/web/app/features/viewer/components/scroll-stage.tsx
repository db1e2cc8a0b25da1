import type { Direction } from '@hondana/domain/catalog/catalog';
import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import type { WritingMode } from '@hondana/domain/viewer/direction';
import { pageOnMiddleLine, stripAxis } from '@hondana/domain/viewer/strip';
import { type WheelEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { PageSource } from '../hooks/use-reader';
import type { Viewport } from '../hooks/use-viewport';
import { pageImageUrl } from './page-image';
import styles from './stage.module.css';
import { TextPage } from './text-page';
import '../../../i18n/ja-viewer';

/** Pages this far from the one on screen get their image URL (the browser lazy-loads the rest). */
const NEAR = 6;

type ScrollStageProps = {
  /** The book whose text pages these are; null for a serial episode, whose pages are all images. */
  bookId: number | null;
  /** The writing of the book's text pages (an afterword), if it has any. */
  writingMode: WritingMode | null;
  pages: readonly ViewerPage[];
  index: number;
  /** Why the index last changed: a jump scrolls to it, the stage's own scrolling does not. */
  source: PageSource;
  webtoon: boolean;
  /** A picture scroll runs this way: right to left for `rtl`. */
  direction: Direction;
  viewport: Viewport;
  onFollow: (index: number) => void;
  onToggleUi: () => void;
};

/**
 * タテ読み and webtoons: every page in one vertical strip; a picture scroll (絵巻物: a strip of
 * wide images, `stripAxis`) in one horizontal strip running in the book's direction, the first
 * image at the right of a right-to-left scroll, the mouse wheel moving it sideways. Each page's
 * box reserves its aspect ratio from the page's width and height, so nothing moves as images
 * load; the page crossing the middle of the screen is the current one.
 */
export function ScrollStage({
  bookId,
  writingMode,
  pages,
  index,
  source,
  webtoon,
  direction,
  viewport,
  onFollow,
  onToggleUi,
}: ScrollStageProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const boxes = useRef<(HTMLDivElement | null)[]>([]);
  const sideways = webtoon && stripAxis(pages) === 'horizontal';

  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const at = pageOnMiddleLine(
          entries.map((e) => ({ index: Number((e.target as HTMLElement).dataset.index), crossing: e.isIntersecting })),
        );
        if (at !== null) onFollow(at);
      },
      { root, rootMargin: sideways ? '0px -50% 0px -50%' : '-50% 0px -50% 0px' },
    );
    for (const box of boxes.current) if (box) observer.observe(box);
    return () => observer.disconnect();
  }, [pages, onFollow, sideways]);

  useEffect(() => {
    if (source === 'scroll') return;
    boxes.current[index]?.scrollIntoView(sideways ? { inline: 'start', block: 'nearest' } : { block: 'start' });
  }, [index, source, sideways]);

  // A mouse wheel scrolls a picture scroll sideways: down moves on in reading order.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!sideways || Math.abs(e.deltaY) <= Math.abs(e.deltaX)) return;
    e.currentTarget.scrollLeft += direction === 'rtl' ? -e.deltaY : e.deltaY;
  };

  const current = pages[index];
  return (
    <div
      ref={scroller}
      className={`${styles.scroll} ${webtoon ? styles.webtoon : ''} ${sideways ? styles.sideways : ''}`}
      // A scrolling region a keyboard can reach (WCAG 2.1.1; axe's scrollable-region-focusable):
      // focused, the arrow keys still turn pages as everywhere in the viewer (useKeyboard).
      tabIndex={0}
      role="region"
      aria-label={t('viewer.scrollStage')}
      data-testid="viewer-stage"
      data-current-page={current?.page}
      data-visible-pages={current?.page}
      data-axis={sideways ? 'horizontal' : 'vertical'}
      dir={sideways ? direction : undefined}
      onClick={onToggleUi}
      onWheel={onWheel}
    >
      <div className={styles.strip}>
        {pages.map((page, i) => {
          // A picture scroll's image is as tall as the screen, so it is shown wider than the screen.
          const slot = sideways ? (viewport.height * page.width) / page.height : Math.min(viewport.width, 720);
          const url = Math.abs(i - index) <= NEAR ? pageImageUrl(page, slot, viewport.dpr) : null;
          const ref = (node: HTMLDivElement | null) => {
            boxes.current[i] = node;
          };
          const aspect = { aspectRatio: `${page.width} / ${page.height}` };
          return (
            <div key={page.page} ref={ref} className={styles.box} style={aspect} data-index={i} data-page={page.page}>
              {page.text && bookId !== null ? (
                <TextPage bookId={bookId} page={page} writingMode={writingMode ?? 'horizontal'} style={{}} className={styles.fill} />
              ) : (
                url && <img src={url} alt={t('viewer.page', { page: page.page + 1 })} width={page.width} height={page.height} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
