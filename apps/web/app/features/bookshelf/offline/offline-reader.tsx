import type { FontSize } from '@hondana/domain/reading/reading-api';
import { useCallback, useEffect, useState } from 'react';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { syncPositions } from './offline-sync';
import { type OfflineDb, type SavedBook, localPosition, pageBlob, putPosition } from './offline-store';
import styles from './offline.module.css';

type ReaderProps = { db: OfflineDb; book: SavedBook; onClose: () => void };
type SyncState = 'offline' | 'pending' | 'synced';

/** The object URL of one stored page image (revoked when the page changes). */
function usePageUrl(db: OfflineDb, bookId: number, page: number | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (page === undefined) return;
    let objectUrl: string | null = null;
    let current = true;
    void pageBlob(db, bookId, page).then((blob) => {
      if (!blob || !current) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [db, bookId, page]);
  return url;
}

/**
 * The reading position of a saved book on this device: each turn is kept as the local position
 * with its time; online it goes to the server at once, offline when the connection returns (the
 * `online` event), with the time it was read. `sync` says which of the three the reader is in.
 */
export function useOfflinePosition(db: OfflineDb, bookId: number) {
  const [sync, setSync] = useState<SyncState>(() => (navigator.onLine ? 'synced' : 'offline'));

  const sendPositions = useCallback(async () => {
    if (!navigator.onLine) return setSync('offline');
    await syncPositions(db);
    const p = await localPosition(db, bookId);
    setSync(!p || p.synced ? 'synced' : navigator.onLine ? 'pending' : 'offline');
  }, [db, bookId]);

  useEffect(() => {
    const online = () => void sendPositions();
    const offline = () => setSync('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [sendPositions]);

  const record = useCallback(
    (page: number, font?: FontSize) => {
      setSync(navigator.onLine ? 'pending' : 'offline');
      void putPosition(db, { bookId, page, ...(font ? { font } : {}), readAt: Date.now(), synced: false }).then(sendPositions);
    },
    [db, bookId, sendPositions],
  );
  return { sync, record };
}

/** The line under a saved book's title: offline, waiting to sync, or synced. */
export function SyncNote({ sync }: { sync: SyncState }) {
  return (
    <p className={styles.meta} role="status">
      {shelfCopy(sync === 'offline' ? 'offline.offlineNote' : sync === 'pending' ? 'offline.pendingNote' : 'offline.syncedNote')}
    </p>
  );
}

/**
 * Reads a saved image book from the device, one page at a time, in the book's direction (right
 * to left: ← and the left button are the next page; left to right: → and the right button).
 */
export function OfflineReader({ db, book, onClose }: ReaderProps) {
  const [index, setIndex] = useState<number | null>(null);
  const { sync, record } = useOfflinePosition(db, book.bookId);
  const last = book.pages.length - 1;
  const ltr = book.direction === 'ltr';

  useEffect(() => {
    void localPosition(db, book.bookId).then((p) => {
      const page = p?.page ?? book.startupPage;
      const at = book.pages.findIndex((x) => x.page >= page);
      setIndex(at < 0 ? last : at);
    });
  }, [db, book, last]);

  const turn = useCallback(
    (delta: number) => {
      if (index === null) return;
      const next = Math.min(last, Math.max(0, index + delta));
      if (next === index) return;
      setIndex(next);
      record(book.pages[next]!.page);
    },
    [index, last, book, record],
  );

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') turn(ltr ? -1 : 1);
      if (event.key === 'ArrowRight') turn(ltr ? 1 : -1);
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [turn, ltr]);

  const current = index === null ? undefined : book.pages[index];
  const url = usePageUrl(db, book.bookId, current?.page);
  return (
    <section className={styles.reader} aria-label={book.title}>
      <div className={styles.readerHead}>
        <button type="button" className={styles.smallButton} onClick={onClose}>
          {shelfCopy('offline.toList')}
        </button>
        <h2 className={styles.bookTitle}>{book.title}</h2>
      </div>
      <SyncNote sync={sync} />
      <div className={styles.stage}>
        {current && url && (
          <img
            src={url}
            alt={shelfCopy('offline.pageAlt', { title: book.title, page: current.page + 1 })}
            width={current.width}
            height={current.height}
            className={styles.pageImage}
          />
        )}
      </div>
      <div className={ltr ? `${styles.turns} ${styles.turnsLtr}` : styles.turns}>
        <button type="button" className={styles.turnButton} disabled={index === null || index >= last} onClick={() => turn(1)}>
          {shelfCopy('offline.next')}
        </button>
        <span className={styles.meta}>
          {current ? shelfCopy('offline.position', { page: current.page + 1, total: book.totalPage }) : ''}
        </span>
        <button type="button" className={styles.turnButton} disabled={index === null || index <= 0} onClick={() => turn(-1)}>
          {shelfCopy('offline.previous')}
        </button>
      </div>
    </section>
  );
}
