import type { BookText, FontSize, FontType } from '@hondana/domain/reading/reading-api';
import { keepTextPosition } from '@hondana/domain/viewer/progress';
import { type TocEntry, textToc } from '@hondana/domain/viewer/text-toc';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { Viewport } from '../hooks/use-viewport';
import styles from './text-stage.module.css';
import { type GestureHandlers, useStageGestures } from './use-stage-gestures';
import '../../../i18n/ja-viewer';

/** Space between two pages (columns) of text, in CSS px. */
const GAP = 48;

export type TextStageProps = {
  /**
   * The book's chapters: from the server's book_text (the viewer's `bookTextQuery`) or a copy saved
   * on the device (the offline reader); null while they load, 'failed' when they could not be read.
   */
  text: BookText | 'failed' | null;
  fontSize: FontSize;
  fontType: FontType;
  index: number;
  /** Where to open once the text is laid out (null: stay at `index`). */
  initialPage: number | null;
  viewport: Viewport;
  tapNavigation: boolean;
  handlers: GestureHandlers;
  /**
   * After every layout: the page count, the page that keeps the reader's place, and the 目次
   * (each chapter and the page it now starts on).
   */
  onLayout: (total: number, index: number, toc: TocEntry[]) => void;
};

/**
 * Reflowable Japanese text in the browser's own layout engine (docs/decisions/009): vertical
 * writing (writing-mode: vertical-rl), paginated with CSS columns the way foliate-js does it,
 * ruby from the server's <ruby> markup. A font change lays out again and keeps the paragraph
 * the reader was on.
 */
export default function TextStage(props: TextStageProps) {
  const { t } = useTranslation();
  const flow = useRef<HTMLDivElement>(null);
  const layout = useRef<{ step: number; total: number; anchor: Anchor | null }>({ step: 0, total: 0, anchor: null });
  const [anchor, setAnchor] = useState<number | null>(null);
  // Images inside chapters (挿絵) arriving: each one changes the columns, so the text is laid out again.
  const [imagesLoaded, setImagesLoaded] = useState(0);
  const gestures = useStageGestures('rtl', props.tapNavigation, props.handlers);
  const { text, fontSize, fontType, index, initialPage, viewport, onLayout } = props;

  useEffect(() => {
    const el = flow.current;
    if (!el) return;
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement) setImagesLoaded((n) => n + 1);
    };
    // `load` does not bubble: listened for in the capture phase, for every image in the chapters' HTML.
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, [text]);

  // Lay out on load, font and size changes: count pages, find where the anchor paragraph went.
  useLayoutEffect(() => {
    const el = flow.current;
    if (!el || !text || text === 'failed') return;
    const height = el.clientHeight;
    el.style.columnWidth = `${height}px`;
    el.style.columnGap = `${GAP}px`;
    const step = height + GAP;
    const total = Math.max(1, Math.round((el.scrollHeight + GAP) / step));
    const before = layout.current;
    let page: number;
    if (before.total === 0) page = Math.min(initialPage ?? index, total - 1);
    else if (before.anchor !== null) page = pageInBlock(el, before.anchor, step);
    else page = keepTextPosition(index, before.total, total);
    layout.current = { step, total, anchor: before.anchor };
    onLayout(total, Math.min(page, total - 1), chapterToc(el, step, total));
    // `index` and `initialPage` are read for the first layout only; page turns do not lay out again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, fontSize, fontType, viewport.width, viewport.height, onLayout, imagesLoaded]);

  // Page turns: scroll the columns and remember the first paragraph on the page.
  useLayoutEffect(() => {
    const el = flow.current;
    const { step } = layout.current;
    if (!el || step === 0) return;
    el.scrollTop = index * step;
    const place = placeOnPage(el, index, step);
    layout.current.anchor = place;
    setAnchor(place?.block ?? null);
  }, [index, text, fontSize, fontType, viewport.width, viewport.height]);

  const readable = text && text !== 'failed' ? text.chapters.filter((c) => c.html !== null) : [];
  return (
    <div
      className={styles.stage}
      data-testid="viewer-stage"
      data-current-page={index}
      data-visible-pages={index}
      data-anchor={anchor ?? undefined}
      {...gestures}
    >
      {text === null && <p className={styles.message}>{t('viewer.loading')}</p>}
      {text === 'failed' && <p className={styles.message}>{t('viewer.failed')}</p>}
      <div ref={flow} className={`${styles.flow} ${styles[fontSize]} ${styles[fontType]}`} lang="ja">
        {readable.map((chapter) => (
          <section key={chapter.chapterNo} data-chapter={chapter.chapterNo}>
            <h2>{chapter.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: chapter.html! }} />
          </section>
        ))}
      </div>
    </div>
  );
}

const blocksOf = (el: HTMLElement) => el.querySelectorAll<HTMLElement>('h2, p');

/**
 * The reader's place: the first paragraph on the page, and how many pages into it the page is
 * (a long paragraph runs over several), so that a layout again (an illustration arriving, a font
 * change) keeps the page rather than going back to where the paragraph starts.
 */
type Anchor = { block: number; pagesIn: number };

/** Where each laid-out chapter's heading is along the column stack, as 目次 entries. */
function chapterToc(el: HTMLElement, step: number, total: number): TocEntry[] {
  const headings = Array.from(el.querySelectorAll<HTMLElement>('section > h2'));
  const originTop = columnsOrigin(el);
  const offsets = headings.map((h) => {
    const rect = h.getClientRects()[0];
    return rect ? rect.top - originTop : Number.NaN;
  });
  return textToc(
    headings.map((h) => h.textContent ?? ''),
    offsets,
    step,
    total,
  );
}

/** The anchor's page in a new layout: as many pages into its paragraph, at most to the paragraph's last. */
function pageInBlock(el: HTMLElement, anchor: Anchor, step: number): number {
  const rects = blocksOf(el)[anchor.block]?.getClientRects();
  if (!rects || rects.length === 0) return 0;
  const originTop = columnsOrigin(el);
  const first = pageOfRect(rects[0]!, originTop, step);
  return Math.min(first + anchor.pagesIn, pageOfRect(rects[rects.length - 1]!, originTop, step));
}

/** The reader's place on `page`: the first block that starts there, else the one running through it. */
function placeOnPage(el: HTMLElement, page: number, step: number): Anchor | null {
  const blocks = blocksOf(el);
  const originTop = columnsOrigin(el);
  let running: Anchor | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const rect = blocks[i]!.getClientRects()[0];
    if (!rect) continue;
    const at = pageOfRect(rect, originTop, step);
    if (at === page) return { block: i, pagesIn: 0 };
    if (at > page) return running;
    running = { block: i, pagesIn: page - at };
  }
  return running;
}

/** Where the column stack starts, in viewport coordinates (columns stack downwards in vertical-rl). */
const columnsOrigin = (el: HTMLElement) => el.getBoundingClientRect().top - el.scrollTop;

/** The page (column) a rect of the flow is on. */
const pageOfRect = (rect: DOMRect, originTop: number, step: number) => Math.max(0, Math.floor((rect.top - originTop + 1) / step));
