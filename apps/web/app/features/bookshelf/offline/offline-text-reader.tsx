import type { BookText, FontSize } from '@hondana/domain/reading/reading-api';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { localSettings } from '../../viewer/api/viewer-settings';
import { useViewport } from '../../viewer/hooks/use-viewport';
import { showFigures } from './offline-figures';
import { SyncNote, useOfflinePosition } from './offline-reader';
import { type OfflineDb, type SavedBook, chaptersOf, localPosition } from './offline-store';
import styles from './offline.module.css';

/** The viewer's text engine (vertical writing in CSS columns), loaded when a text book opens. */
const TextStage = lazy(() => import('../../viewer/components/text-stage'));

type TextReaderProps = { db: OfflineDb; book: SavedBook; onClose: () => void };

/** Where a saved text book opens: the page and the font size it was laid out in (null: not known yet). */
type Opening = { page: number; font: FontSize };

/**
 * Reads a saved text (reflow) book from the device in the viewer's own text stage: the chapters
 * come from IndexedDB instead of book_text, so nothing is asked of the server. A page of text
 * depends on the font size, so the book opens in the font its last position was read in (this
 * device's, else the synced one), else the device's viewer setting. Pages turn right to left
 * (vertical writing): ← or the left third is the next page. Each turn is the local position,
 * synced like an image book's (with its font). Illustrations are shown from their stored blobs
 * through object URLs, revoked when the reader closes.
 */
export function OfflineTextReader({ db, book, onClose }: TextReaderProps) {
  const viewport = useViewport();
  const { sync, record } = useOfflinePosition(db, book.bookId);
  const [opening, setOpening] = useState<Opening | null>(null);
  const [index, setIndex] = useState(0);
  const [total, setTotal] = useState(0);
  const settings = useMemo(() => localSettings(), []);

  useEffect(() => {
    void localPosition(db, book.bookId).then((p) => {
      if (p?.font) return setOpening({ page: p.page, font: p.font });
      if (book.startupFont) return setOpening({ page: book.startupPage, font: book.startupFont });
      setOpening({ page: p?.page ?? 0, font: settings.fontSize });
    });
  }, [db, book, settings.fontSize]);

  const figureUrls = useRef<string[]>([]);
  useEffect(
    () => () => {
      figureUrls.current.forEach((url) => URL.revokeObjectURL(url));
      figureUrls.current = [];
    },
    [],
  );

  // The chapters come from this device's IndexedDB, not from the server.
  const [text, setText] = useState<BookText | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    const urlOf = (figures: Blob[] | undefined) => (n: number) => {
      const blob = figures?.[n];
      if (!blob) return null;
      const url = URL.createObjectURL(blob);
      figureUrls.current.push(url);
      return url;
    };
    chaptersOf(db, book.bookId).then(
      (chapters) =>
        live &&
        setText({
          bookId: book.bookId,
          writingMode: 'vertical',
          chapters: chapters.map((c) => ({
            chapterNo: c.chapterNo,
            title: c.title,
            charCount: 0,
            sample: false,
            html: showFigures(c.html, urlOf(c.figures)),
          })),
        }),
      () => live && setText('failed'),
    );
    return () => {
      live = false;
    };
  }, [db, book.bookId]);

  const onLayout = useCallback((count: number, at: number) => {
    setTotal(count);
    setIndex(at);
  }, []);

  const turn = useCallback(
    (delta: number) => {
      if (!opening || total === 0) return;
      const next = Math.min(total - 1, Math.max(0, index + delta));
      if (next === index) return;
      setIndex(next);
      record(next, opening.font);
    },
    [opening, total, index, record],
  );

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') turn(1);
      if (event.key === 'ArrowRight') turn(-1);
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [turn]);

  const handlers = useMemo(() => ({ onStep: (delta: number) => turn(delta), onToggleUi: () => undefined }), [turn]);
  const ready = opening !== null && viewport !== null;
  return (
    <section className={styles.reader} aria-label={book.title}>
      <div className={styles.readerHead}>
        <button type="button" className={styles.smallButton} onClick={onClose}>
          {shelfCopy('offline.toList')}
        </button>
        <h2 className={styles.bookTitle}>{book.title}</h2>
      </div>
      <SyncNote sync={sync} />
      <div className={styles.textStage}>
        {ready ? (
          <Suspense fallback={<p className={styles.note}>{shelfCopy('page.loading')}</p>}>
            <TextStage
              text={text}
              fontSize={opening.font}
              fontType={settings.fontType}
              index={index}
              initialPage={opening.page}
              viewport={viewport}
              tapNavigation={settings.tapNavigation}
              handlers={handlers}
              onLayout={onLayout}
            />
          </Suspense>
        ) : (
          <p className={styles.note}>{shelfCopy('page.loading')}</p>
        )}
      </div>
      <div className={styles.turns}>
        <button type="button" className={styles.turnButton} disabled={total === 0 || index >= total - 1} onClick={() => turn(1)}>
          {shelfCopy('offline.next')}
        </button>
        <span className={styles.meta}>{total > 0 ? shelfCopy('offline.position', { page: index + 1, total }) : ''}</span>
        <button type="button" className={styles.turnButton} disabled={total === 0 || index <= 0} onClick={() => turn(-1)}>
          {shelfCopy('offline.previous')}
        </button>
      </div>
    </section>
  );
}
