import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { PageSource } from '../hooks/use-reader';
import type { Viewport } from '../hooks/use-viewport';
import { pageImageUrl } from './page-image';
import styles from './stage.module.css';
import '../../../i18n/ja-viewer';

/** Pages this far from the one on screen get their image URL (the browser lazy-loads the rest). */
const NEAR = 6;

export type ScrollStageProps = {
  pages: readonly ViewerPage[];
  index: number;
  /** Why the index last changed: a jump scrolls to it, the stage's own scrolling does not. */
  source: PageSource;
  webtoon: boolean;
  viewport: Viewport;
  onFollow: (index: number) => void;
  onToggleUi: () => void;
};

/**
 * タテ読み and webtoons: every page in one vertical strip. Each page's box reserves its aspect
 * ratio from the page's width and height, so nothing moves as images above load; the page
 * crossing the middle of the screen is the current one.
 */
export function ScrollStage({ pages, index, source, webtoon, viewport, onFollow, onToggleUi }: ScrollStageProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const boxes = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((e) => e.isIntersecting);
        const at = hit ? Number((hit.target as HTMLElement).dataset.index) : NaN;
        if (Number.isInteger(at)) onFollow(at);
      },
      { root, rootMargin: '-50% 0px -50% 0px' },
    );
    for (const box of boxes.current) if (box) observer.observe(box);
    return () => observer.disconnect();
  }, [pages, onFollow]);

  useEffect(() => {
    if (source === 'scroll') return;
    boxes.current[index]?.scrollIntoView({ block: 'start' });
  }, [index, source]);

  const slot = Math.min(viewport.width, 720);
  const current = pages[index];
  return (
    <div
      ref={scroller}
      className={`${styles.scroll} ${webtoon ? styles.webtoon : ''}`}
      data-testid="viewer-stage"
      data-current-page={current?.page}
      data-visible-pages={current?.page}
      onClick={onToggleUi}
    >
      <div className={styles.strip}>
        {pages.map((page, i) => {
          const url = Math.abs(i - index) <= NEAR ? pageImageUrl(page, slot, viewport.dpr) : null;
          return (
            <div
              key={page.page}
              ref={(node) => {
                boxes.current[i] = node;
              }}
              className={styles.box}
              style={{ aspectRatio: `${page.width} / ${page.height}` }}
              data-index={i}
              data-page={page.page}
            >
              {url && <img src={url} alt={t('viewer.page', { page: page.page + 1 })} width={page.width} height={page.height} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
