import type { ViewerInfo, ViewerPage } from '@hondana/domain/reading/reading-api';
import { footerControls, settingsVisibility, spreadNote } from '@hondana/domain/viewer/controls';
import {
  directionToggleShown,
  effectiveMode,
  flowOf,
  textDirection,
  textWritingMode,
  viewerKindOf,
  writingModeChoice,
} from '@hondana/domain/viewer/direction';
import { pageIndicator, shownPages } from '@hondana/domain/viewer/indicator';
import { type LoadStatus, pastLastPage } from '@hondana/domain/viewer/last-page';
import { openingPage, pageSyncEnabled } from '@hondana/domain/viewer/progress';
import { keptPositionKey, openingPosition } from '@hondana/domain/viewer/resume';
import { pairSpreads, singlePages, spreadsFit } from '@hondana/domain/viewer/spreads';
import { stripAxis } from '@hondana/domain/viewer/strip';
import { type TocEntry, chapterAt } from '@hondana/domain/viewer/text-toc';
import { Suspense, lazy, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { useOpenLastPageParam } from '../../../lib/use-open-last-page';
import { loginHref } from '../../accounts/login-href';
import { readKeptPosition } from '../api/kept-position';
import { toggleMyList } from '../api/my-list';
import { postPastLastPage } from '../api/page-sync';
import { useBookmarks } from '../hooks/use-bookmarks';
import { usePageSync } from '../hooks/use-page-sync';
import { usePaintMark } from '../hooks/use-paint-mark';
import { useReader } from '../hooks/use-reader';
import { useKeyboard, usePagePrefetch, useReadEnd, useReadEndLog } from '../hooks/use-reader-effects';
import { useUiVisibility } from '../hooks/use-ui-visibility';
import { useViewerSettings } from '../hooks/use-viewer-settings';
import type { Viewport } from '../hooks/use-viewport';
import { DirectionIndicator, LoadingOverlay, PageAnnouncer, PageIndicator } from './overlays';
import { PagedStage } from './paged-stage';
import { ScrollStage } from './scroll-stage';
import type { LastPageCommerceSlot, LastPageExtras } from './last-page-slot';
import type { PopupKind } from './viewer-popup';
import { ViewerFooter } from './viewer-footer';
import { ViewerHeader } from './viewer-header';
import styles from './viewer.module.css';
import '../../../i18n/ja-viewer';

/** Loaded only when needed: the text engine for text books, popups on open, the last page at the end. */
const TextStage = lazy(() => import('./server-text-stage'));
const ViewerPopup = lazy(() => import('./viewer-popup'));
const LastPage = lazy(() => import('./last-page'));

export type ReaderProps = {
  info: ViewerInfo;
  loggedIn: boolean;
  adult: boolean;
  /** A book page number from the URL (startupPage), else null. */
  startupPage: number | null;
  openLastPage: boolean;
  closeHref: string;
  viewport: Viewport;
  /** The commerce block of the last page, composed in by the route (loads at the last page). */
  commerce?: LastPageCommerceSlot;
  lastPage?: LastPageExtras;
  /** The free book on load (§4): the last page waits while it is 'initial' or 'started'. */
  lastPageLoad?: LoadStatus;
};

const NO_EXTRAS: LastPageExtras = { guestCartBookId: null, couponBanner: null, readInApp: false };

/** The index (among the pages shown) of a book page number, or the nearest one after it. */
function indexOfBookPage(pages: readonly ViewerPage[], page: number): number {
  const at = pages.findIndex((p) => p.page >= page);
  return at === -1 ? Math.max(0, pages.length - 1) : at;
}

/** One book open in the viewer: the reading state, its stage, and the §2 parts around it. */
export function Reader({
  info,
  loggedIn,
  adult,
  startupPage,
  openLastPage,
  closeHref,
  viewport,
  commerce,
  lastPage = NO_EXTRAS,
  lastPageLoad = 'done',
}: ReaderProps) {
  const { t } = useTranslation();
  const book = info.book_data;
  const kind = viewerKindOf(info.layoutType, book.imagedReflow);
  const pages = useMemo(
    () => (book.fullAccess ? info.pages_data.pages : info.pages_data.pages.filter((p) => p.accessible)),
    [book.fullAccess, info.pages_data.pages],
  );
  const { settings, update } = useViewerSettings(loggedIn);
  const mode = effectiveMode(kind, book.genreId, settings.direction);
  const flow = flowOf(mode);
  // A text book reads in its writing (縦書き right to left, 横書き left to right), the reader's choice where it may.
  const writingMode = textWritingMode(book.writingMode, settings.writingMode, book.genreId);
  const direction = kind === 'text' ? textDirection(writingMode) : book.direction;
  // A picture scroll's arrow keys move along it as a paged book's turn pages.
  const keyFlow = kind === 'webtoon' && stripAxis(pages) === 'horizontal' ? 'paged' : flow;
  const [textTotal, setTextTotal] = useState(0);
  /** Text books: chapters and the pages they start on, from the latest layout. */
  const [textToc, setTextToc] = useState<TocEntry[]>([]);
  const toc = kind === 'text' ? textToc : book.navigations;
  const total = kind === 'text' ? textTotal : pages.length;
  const spread = kind === 'fixed' && flow === 'paged' && settings.spread && spreadsFit(viewport);
  const screens = useMemo(
    () => (spread ? pairSpreads(pages, settings.spreadShift, direction) : singlePages(total)),
    [spread, pages, settings.spreadShift, direction, total],
  );
  // Where this device left the book, or the member's synced page if read later (issue 34).
  const [opening] = useState(() =>
    openingPosition({ startupPage, kept: readKeptPosition(keptPositionKey('book', book.id)), synced: info.readingPage }),
  );
  const synced = opening?.page ?? null;
  const [initial] = useState(() =>
    kind === 'text' ? 0 : indexOfBookPage(pages, openingPage({ startupPage: synced, readingPage: null, total: book.totalPage })),
  );
  // §4 reading progress, moving past the last page: the newly notice of the latest volume held
  // (the server sets it once), then back to the first page (reset setting) or the book.
  const past = useRef<() => void>(() => undefined);
  const onPast = useCallback(() => past.current(), []);
  const reader = useReader(screens, total, initial, openLastPage, onPast);
  const { leaveEnd } = reader;
  useLayoutEffect(() => {
    past.current = () => {
      const next = pastLastPage({ loggedIn, bought: book.bought, isLatestVol: book.isLatestVol, resetSetting: settings.lastPageReset });
      if (next.enableNewlyNotice) void postPastLastPage(book.id);
      leaveEnd(next.then === 'reset');
    };
  });
  useOpenLastPageParam(reader.end === 'shown');
  const [popup, setPopup] = useState<PopupKind | null>(null);
  const ui = useUiVisibility(popup !== null);
  const [inMyList, setInMyList] = useState(book.inMyList);
  const { bookmarks, toggle: toggleBookmarks } = useBookmarks(book.id, book.bookmarks);

  const bookPageOf = useCallback((i: number) => (kind === 'text' ? i : (pages[i]?.page ?? 0)), [kind, pages]);
  const visiblePages = reader.visible.map(bookPageOf);
  const currentPage = bookPageOf(reader.index);
  const reading = reader.end === 'reading';

  usePaintMark(`${reader.index}:${reader.end}`);
  useKeyboard(direction, keyFlow, popup === null, (delta) =>
    keyFlow === 'paged' ? reader.step(delta, 'keyboard') : reader.goTo(reader.index + delta, 'keyboard'),
  );
  usePagePrefetch(info, kind === 'text' ? [] : pages, reader.visible, viewport);
  const lastVisible = reader.visible.length > 0 ? Math.max(...reader.visible) : 0;
  useReadEnd(book.id, lastVisible, total, book.bought, book.reachedLastPage);
  useReadEndLog(book.id, book.titleId, reader.end === 'shown', book.bought);
  const resetToStart = reader.end === 'shown' && settings.lastPageReset;
  const syncs = pageSyncEnabled({ loggedIn, owned: book.bought, usesCustomSample: book.useCustomSample });
  usePageSync(
    { page: resetToStart ? 0 : currentPage, font: kind === 'text' ? settings.fontSize : null, ready: kind !== 'text' || textTotal > 0 },
    { keepKey: keptPositionKey('book', book.id), syncBookId: syncs ? book.id : null, opening },
  );

  const controls = footerControls({
    kind,
    loggedIn,
    serial: false,
    visiblePages,
    bookmarks,
    hasBackPage: reader.backTo !== null,
    directionToggle: directionToggleShown(kind, book.genreId),
  });
  const jumpToBookPage = (page: number) => reader.goTo(kind === 'text' ? page : indexOfBookPage(pages, page), 'navigation');
  const { follow } = reader;
  const onText = useCallback(
    (count: number, index: number, chapters: TocEntry[]) => {
      setTextTotal(count);
      setTextToc(chapters);
      follow(index);
    },
    [follow],
  );
  const handlers = {
    onStep: (delta: number, source: 'tap' | 'swipe') => reader.step(delta, source),
    onToggleUi: ui.toggle,
  };
  const atLastScreen = reading && total > 0 && reader.screenIndex >= screens.length - 1;

  return (
    <div className={styles.viewer} data-kind={kind} data-mode={mode} data-direction={direction} data-total={total} data-end={reader.end}>
      {kind === 'text' ? (
        <Suspense fallback={<LoadingOverlay />}>
          <TextStage
            bookId={book.id}
            fontSize={settings.fontSize}
            fontType={settings.fontType}
            writingMode={writingMode}
            index={reader.index}
            initialPage={opening && (opening.font === null || opening.font === settings.fontSize) ? opening.page : null}
            viewport={viewport}
            tapNavigation={settings.tapNavigation}
            handlers={handlers}
            onLayout={onText}
          />
        </Suspense>
      ) : flow === 'paged' ? (
        <PagedStage
          bookId={book.id}
          writingMode={book.writingMode}
          pages={pages}
          visible={reader.visible}
          direction={direction}
          viewport={viewport}
          tapNavigation={settings.tapNavigation}
          handlers={handlers}
        />
      ) : (
        <ScrollStage
          bookId={book.id}
          writingMode={book.writingMode}
          pages={pages}
          index={reader.index}
          source={reader.lastSource.current}
          webtoon={kind === 'webtoon'}
          direction={direction}
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
        title={book.title}
        closeHref={closeHref}
        showToc={kind !== 'webtoon' && toc.length > 0}
        onOpen={setPopup}
      />
      <ViewerFooter
        visible={ui.visible && reading}
        controls={controls}
        direction={direction}
        index={reader.index}
        total={total}
        vertical={mode === 'vertical'}
        inMyList={inMyList}
        onSlide={(i) => reader.goTo(i, 'slider')}
        onBookmark={() => (loggedIn ? toggleBookmarks(visiblePages) : setPopup('bookmarkLogin'))}
        onMyList={() => toggleMyList(book.titleId, inMyList).then(setInMyList, () => undefined)}
        onBack={reader.back}
        onDirection={() => update({ direction: mode === 'vertical' ? 'horizontal' : 'vertical' })}
        onOpen={setPopup}
        onUse={ui.touch}
      />
      {reader.end === 'loading' && <LoadingOverlay />}
      {reader.end === 'shown' && (
        <Suspense fallback={<LoadingOverlay />}>
          <LastPage
            info={info}
            loggedIn={loggedIn}
            adult={adult}
            closeHref={closeHref}
            commerce={commerce}
            extras={lastPage}
            load={lastPageLoad}
          />
        </Suspense>
      )}
      {popup && (
        <Suspense fallback={null}>
          <ViewerPopup
            kind={popup}
            sheet={viewport.width < 768}
            onClose={() => setPopup(null)}
            settings={settings}
            visibility={settingsVisibility({
              kind,
              loggedIn,
              imagedReflow: book.imagedReflow,
              readerResetSetting: true,
              writingMode: writingModeChoice(kind, book.genreId),
            })}
            onSettings={update}
            spreadNote={spreadNote(settings.spread, viewport)}
            bookmarks={bookmarks}
            toc={toc}
            tocCurrent={chapterAt(toc, currentPage)}
            authors={book.authors}
            onJump={jumpToBookPage}
            loginTo={loginHref(`/viewer?cid=${book.id}`)}
          />
        </Suspense>
      )}
    </div>
  );
}
