import type { Direction } from '@hondana/domain/catalog/catalog';
import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import { footerControls, settingsVisibility, spreadNote } from '@hondana/domain/viewer/controls';
import { directionToggleShown, effectiveMode, flowOf, viewerKindOf } from '@hondana/domain/viewer/direction';
import { pageIndicator, shownPages } from '@hondana/domain/viewer/indicator';
import { pageSlotWidth, planPrefetch } from '@hondana/domain/viewer/prefetch';
import { openingPosition } from '@hondana/domain/viewer/resume';
import { pairSpreads, singlePages, spreadsFit } from '@hondana/domain/viewer/spreads';
import { type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { useOpenLastPageParam } from '../../../lib/use-open-last-page';
import { readKeptPosition } from '../api/kept-position';
import { usePageSync } from '../hooks/use-page-sync';
import { usePaintMark } from '../hooks/use-paint-mark';
import { type Viewport, useViewport } from '../hooks/use-viewport';
import { usePrefetch } from '../hooks/use-prefetch';
import { useReader } from '../hooks/use-reader';
import { useKeyboard } from '../hooks/use-reader-effects';
import { useUiVisibility } from '../hooks/use-ui-visibility';
import { useViewerSettings } from '../hooks/use-viewer-settings';
import { DirectionIndicator, LoadingOverlay, PageAnnouncer, PageIndicator } from './overlays';
import { PagedStage } from './paged-stage';
import { pageImageUrl } from './page-image';
import { ScrollStage } from './scroll-stage';
import type { PopupKind } from './viewer-popup';
import { ViewerFooter } from './viewer-footer';
import { ViewerHeader } from './viewer-header';
import styles from './viewer.module.css';
import '../../../i18n/ja-viewer';

const ViewerPopup = lazy(() => import('./viewer-popup'));

type PageReaderProps = {
  pages: readonly ViewerPage[];
  layoutType: number;
  direction: Direction;
  title: string;
  closeHref: string;
  loggedIn: boolean;
  /** Open at the last page (`open_lastpage=true`), after its 1500 ms loading modal. */
  openLastPage: boolean;
  /** Where this device keeps the position (`keptPositionKey`), so a reload comes back to the page. */
  keepKey: string;
  /** The last page, shown past the last screen; `back` returns to the pages. */
  end: (back: () => void) => ReactNode;
};

const NO_PAGES: readonly number[] = [];
const noJump = () => undefined;

/**
 * Image pages read as the book viewer reads them (§2), for a serial episode: the same stages,
 * header, footer (slider, back, direction, 設定), popups, keys and tap zones (the outer thirds
 * turn pages in the reading direction, the centre toggles the header and footer), and the last
 * page behind its loading modal. No bookmarks, my list, table of contents or author list: those
 * are a book's (§5). The position is kept on this device.
 */
export function PageReader(props: PageReaderProps) {
  const viewport = useViewport();
  // The window's size is known in the browser only; the server renders the loading overlay.
  if (!viewport) return <LoadingOverlay />;
  return <PageReaderStage {...props} viewport={viewport} />;
}

function PageReaderStage({
  pages,
  layoutType,
  direction,
  title,
  closeHref,
  loggedIn,
  openLastPage,
  keepKey,
  end,
  viewport,
}: PageReaderProps & { viewport: Viewport }) {
  const { t } = useTranslation();
  const kind = viewerKindOf(layoutType, true);
  const { settings, update } = useViewerSettings(loggedIn);
  const mode = effectiveMode(kind, null, settings.direction);
  const flow = flowOf(mode);
  const total = pages.length;
  const spread = kind === 'fixed' && flow === 'paged' && settings.spread && spreadsFit(viewport);
  const screens = useMemo(
    () => (spread ? pairSpreads(pages, settings.spreadShift, direction) : singlePages(total)),
    [spread, pages, settings.spreadShift, direction, total],
  );
  const [opening] = useState(() => openingPosition({ startupPage: null, kept: readKeptPosition(keepKey), synced: null }));
  const reader = useReader(screens, total, Math.min(opening?.page ?? 0, Math.max(0, total - 1)), openLastPage);
  useOpenLastPageParam(reader.end === 'shown');
  const [popup, setPopup] = useState<PopupKind | null>(null);
  const ui = useUiVisibility(popup !== null);
  const reading = reader.end === 'reading';

  usePaintMark(`${reader.index}:${reader.end}`);
  useKeyboard(direction, flow, popup === null, (delta) =>
    flow === 'paged' ? reader.step(delta, 'keyboard') : reader.goTo(reader.index + delta, 'keyboard'),
  );
  usePageSync({ page: reader.index, font: null, ready: true }, { keepKey, syncBookId: null, opening });
  usePagesPrefetch(kind === 'fixed' ? pages : [], reader.visible, viewport);

  const controls = footerControls({
    kind,
    loggedIn,
    serial: true,
    visiblePages: reader.visible,
    bookmarks: NO_PAGES,
    hasBackPage: reader.backTo !== null,
    directionToggle: directionToggleShown(kind, null),
  });
  const atLastScreen = reading && total > 0 && reader.screenIndex >= screens.length - 1;
  const handlers = { onStep: (delta: number, source: 'tap' | 'swipe') => reader.step(delta, source), onToggleUi: ui.toggle };

  return (
    <div className={styles.viewer} data-kind={kind} data-mode={mode} data-direction={direction} data-total={total} data-end={reader.end}>
      {flow === 'paged' ? (
        <PagedStage
          bookId={null}
          writingMode={null}
          pages={pages}
          visible={reader.visible}
          direction={direction}
          viewport={viewport}
          tapNavigation={settings.tapNavigation}
          handlers={handlers}
        />
      ) : (
        <ScrollStage
          bookId={null}
          writingMode={null}
          pages={pages}
          direction={direction}
          index={reader.index}
          source={reader.lastSource.current}
          webtoon={kind === 'webtoon'}
          viewport={viewport}
          onFollow={reader.follow}
          onToggleUi={ui.toggle}
        />
      )}
      {atLastScreen && (
        <button type="button" className={styles.nextButton} onClick={reader.finish}>
          {t('viewer.next')}
        </button>
      )}
      {ui.visible && reading && kind === 'fixed' && <DirectionIndicator vertical={mode === 'vertical'} />}
      {ui.visible && reading && <PageIndicator text={pageIndicator(reader.visible, total)} />}
      {reading && <PageAnnouncer pages={shownPages(reader.visible, total)} />}
      <ViewerHeader
        visible={ui.visible && reading}
        title={title}
        closeHref={closeHref}
        showToc={false}
        showAuthors={false}
        onOpen={setPopup}
      />
      <ViewerFooter
        visible={ui.visible && reading}
        controls={controls}
        direction={direction}
        index={reader.index}
        total={total}
        vertical={mode === 'vertical'}
        inMyList={false}
        onSlide={(i) => reader.goTo(i, 'slider')}
        onBookmark={noJump}
        onMyList={noJump}
        onBack={reader.back}
        onDirection={() => update({ direction: mode === 'vertical' ? 'horizontal' : 'vertical' })}
        onOpen={setPopup}
        onUse={ui.touch}
      />
      {reader.end === 'loading' && <LoadingOverlay />}
      {reader.end === 'shown' && end(() => reader.leaveEnd(false))}
      {popup && (
        <Suspense fallback={null}>
          <ViewerPopup
            kind={popup}
            sheet={viewport.width < 768}
            onClose={() => setPopup(null)}
            settings={settings}
            visibility={settingsVisibility({ kind, loggedIn, imagedReflow: false, readerResetSetting: false })}
            onSettings={update}
            spreadNote={spreadNote(settings.spread, viewport)}
            bookmarks={NO_PAGES}
            toc={[]}
            tocCurrent={-1}
            authors={[]}
            onJump={noJump}
            loginTo={closeHref}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Fetches and decodes the pages around the screen (4 ahead, 1 behind) in the width they will show at. */
function usePagesPrefetch(pages: readonly ViewerPage[], visible: readonly number[], viewport: Viewport) {
  const urls = useMemo(
    () =>
      planPrefetch({ visible, total: pages.length })
        .pages.map((i) => pages[i])
        .filter((p): p is ViewerPage => p !== undefined)
        .map((p) => pageImageUrl(p, pageSlotWidth(viewport, p, visible.length), viewport.dpr))
        .filter((url): url is string => url !== null),
    [pages, visible, viewport],
  );
  usePrefetch(urls);
}
