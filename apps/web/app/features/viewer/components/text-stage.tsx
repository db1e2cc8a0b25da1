import type { BookText, FontSize, FontType } from '@hondana/domain/reading/reading-api';
import { type WritingMode, textDirection } from '@hondana/domain/viewer/direction';
import { keepTextPosition } from '@hondana/domain/viewer/progress';
import { type TocEntry, textToc } from '@hondana/domain/viewer/text-toc';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { Viewport } from '../hooks/use-viewport';
import { rubyReadOnce } from './ruby-html';
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
  /** 縦書き (columns stacked downwards, pages turning right to left) or 横書き (left to right); default: the text's own. */
  writingMode?: WritingMode;
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
 * writing (writing-mode: vertical-rl: the columns stack downwards, pages turn right to left) or
 * horizontal writing (the columns run rightwards, pages turn left to right), paginated with CSS
 * columns the way foliate-js does it, ruby from the server's <ruby> markup (read once by screen
 * readers, `rubyReadOnce`), headings, lists,
 * tables and figures as the server renders them. A font or writing change lays out again and
 * keeps the paragraph the reader was on.
 */
export default function TextStage(props: TextStageProps) {
  const { t } = useTranslation();
  const flow = useRef<HTMLDivElement>(null);
  const layout = useRef<{ step: number; total: number; anchor: Anchor | null }>({ step: 0, total: 0, anchor: null });
  const [anchor, setAnchor] = useState<number | null>(null);
  // Images inside chapters (挿絵) arriving: each one changes the columns, so the text is laid out again.
  const [imagesLoaded, setImagesLoaded] = useState(0);
  const { text, fontSize, fontType, index, initialPage, viewport, onLayout } = props;
  const writingMode = props.writingMode ?? (text && text !== 'failed' ? text.writingMode : 'vertical');
  const axis = writingMode === 'vertical' ? VERTICAL : HORIZONTAL;
  const gestures = useStageGestures(textDirection(writingMode), props.tapNavigation, props.handlers);

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
    const page = axis.page(el);
    el.style.columnWidth = `${page}px`;
    el.style.columnGap = `${GAP}px`;
    const step = page + GAP;
    const total = Math.max(1, Math.round((axis.extent(el) + GAP) / step));
    const before = layout.current;
    let at: number;
    if (before.total === 0) at = Math.min(initialPage ?? index, total - 1);
    else if (before.anchor !== null) at = pageInBlock(el, axis, before.anchor, step);
    else at = keepTextPosition(index, before.total, total);
    layout.current = { step, total, anchor: before.anchor };
    onLayout(total, Math.min(at, total - 1), chapterToc(el, axis, step, total));
    // `index` and `initialPage` are read for the first layout only; page turns do not lay out again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, fontSize, fontType, writingMode, viewport.width, viewport.height, onLayout, imagesLoaded]);

  // Page turns: scroll the columns and remember the first paragraph on the page.
  useLayoutEffect(() => {
    const el = flow.current;
    const { step } = layout.current;
    if (!el || step === 0) return;
    axis.scrollTo(el, index * step);
    const place = placeOnPage(el, axis, index, step);
    layout.current.anchor = place;
    setAnchor(place?.block ?? null);
  }, [index, text, fontSize, fontType, writingMode, viewport.width, viewport.height, axis]);

  // Once per text, not per page turn: a whole book's HTML.
  const readable = useMemo(
    () => (text && text !== 'failed' ? text.chapters.flatMap((c) => (c.html === null ? [] : [{ ...c, html: rubyReadOnce(c.html) }])) : []),
    [text],
  );
  return (
    <div
      className={styles.stage}
      data-testid="viewer-stage"
      data-current-page={index}
      data-visible-pages={index}
      data-anchor={anchor ?? undefined}
      data-writing-mode={writingMode}
      {...gestures}
    >
      {text === null && <p className={styles.message}>{t('viewer.loading')}</p>}
      {text === 'failed' && <p className={styles.message}>{t('viewer.failed')}</p>}
      <div ref={flow} className={`${styles.flow} ${styles[writingMode]} ${styles[fontSize]} ${styles[fontType]}`} lang="ja">
        {readable.map((chapter) => (
          <section key={chapter.chapterNo} data-chapter={chapter.chapterNo}>
            <h2>{chapter.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: chapter.html }} />
          </section>
        ))}
      </div>
    </div>
  );
}

/** The blocks a reader's place is kept by: headings, paragraphs, list items, table rows, figures. */
const blocksOf = (el: HTMLElement) => el.querySelectorAll<HTMLElement>('h2, h3, h4, h5, p, li, tr, figure');

/**
 * How the pages (columns) lie: stacked downwards in vertical writing, side by side rightwards in
 * horizontal writing. `page` is one page's length along that line, `extent` the whole stack's.
 */
type Axis = {
  page: (el: HTMLElement) => number;
  extent: (el: HTMLElement) => number;
  scrollTo: (el: HTMLElement, offset: number) => void;
  /** Where the column stack starts, in viewport coordinates. */
  origin: (el: HTMLElement) => number;
  start: (rect: DOMRect) => number;
};

const VERTICAL: Axis = {
  page: (el) => el.clientHeight,
  extent: (el) => el.scrollHeight,
  scrollTo: (el, offset) => void (el.scrollTop = offset),
  origin: (el) => el.getBoundingClientRect().top - el.scrollTop,
  start: (rect) => rect.top,
};

const HORIZONTAL: Axis = {
  page: (el) => el.clientWidth,
  extent: (el) => el.scrollWidth,
  scrollTo: (el, offset) => void (el.scrollLeft = offset),
  origin: (el) => el.getBoundingClientRect().left - el.scrollLeft,
  start: (rect) => rect.left,
};

/**
 * The reader's place: the first paragraph on the page, and how many pages into it the page is
 * (a long paragraph runs over several), so that a layout again (an illustration arriving, a font
 * change) keeps the page rather than going back to where the paragraph starts.
 */
type Anchor = { block: number; pagesIn: number };

/** Where each laid-out chapter's heading is along the column stack, as 目次 entries. */
function chapterToc(el: HTMLElement, axis: Axis, step: number, total: number): TocEntry[] {
  const headings = Array.from(el.querySelectorAll<HTMLElement>('section > h2'));
  const origin = axis.origin(el);
  const offsets = headings.map((h) => {
    const rect = h.getClientRects()[0];
    return rect ? axis.start(rect) - origin : Number.NaN;
  });
  return textToc(
    headings.map((h) => h.textContent ?? ''),
    offsets,
    step,
    total,
  );
}

/** The anchor's page in a new layout: as many pages into its paragraph, at most to the paragraph's last. */
function pageInBlock(el: HTMLElement, axis: Axis, anchor: Anchor, step: number): number {
  const rects = blocksOf(el)[anchor.block]?.getClientRects();
  if (!rects || rects.length === 0) return 0;
  const origin = axis.origin(el);
  const first = pageOfRect(axis, rects[0]!, origin, step);
  return Math.min(first + anchor.pagesIn, pageOfRect(axis, rects[rects.length - 1]!, origin, step));
}

/** The reader's place on `page`: the first block that starts there, else the one running through it. */
function placeOnPage(el: HTMLElement, axis: Axis, page: number, step: number): Anchor | null {
  const blocks = blocksOf(el);
  const origin = axis.origin(el);
  let running: Anchor | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const rect = blocks[i]!.getClientRects()[0];
    if (!rect) continue;
    const at = pageOfRect(axis, rect, origin, step);
    if (at === page) return { block: i, pagesIn: 0 };
    if (at > page) return running;
    running = { block: i, pagesIn: page - at };
  }
  return running;
}

/** The page (column) a rect of the flow is on. */
const pageOfRect = (axis: Axis, rect: DOMRect, origin: number, step: number) =>
  Math.max(0, Math.floor((axis.start(rect) - origin + 1) / step));
