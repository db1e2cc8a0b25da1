import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { byteSize } from './byte-size';
import { OfflineReader } from './offline-reader';
import { OfflineTextReader } from './offline-text-reader';
import type { SavedBook } from './offline-store';
import styles from './offline.module.css';
import { useOfflineShelf } from './use-offline-shelf';

/** How much this site keeps on the device (all of its storage), so a removal shows the space it freed. */
function useStorageUsage(saved: SavedBook[] | null): number | null {
  const [usage, setUsage] = useState<number | null>(null);
  useEffect(() => {
    navigator.storage?.estimate?.().then(
      (e) => setUsage(e.usage ?? null),
      () => setUsage(null),
    );
  }, [saved]);
  return usage;
}

/**
 * `/bookshelf/offline`: the books saved on this device, readable with the network cut. The book
 * being read is page state (opened from `?cid=` on arrival): moving through React Router would
 * ask the server for the page's data, which fails offline.
 */
export function OfflineShelfPage() {
  const shelf = useOfflineShelf();
  const initial = Number.parseInt(new URLSearchParams(useLocation().search).get('cid') ?? '', 10);
  const [openId, setOpenId] = useState<number | null>(Number.isInteger(initial) && initial > 0 ? initial : null);
  const usage = useStorageUsage(shelf?.saved ?? null);
  if (!shelf?.saved || !shelf.db) return <p className={styles.note}>{shelfCopy('page.loading')}</p>;
  const open = openId === null ? undefined : shelf.saved.find((b) => b.bookId === openId);
  if (openId !== null) {
    return open ? (
      open.kind === 'text' ? (
        <OfflineTextReader db={shelf.db} book={open} onClose={() => setOpenId(null)} />
      ) : (
        <OfflineReader db={shelf.db} book={open} onClose={() => setOpenId(null)} />
      )
    ) : (
      <>
        <p className={styles.note}>{shelfCopy('offline.missing')}</p>
        <button type="button" className={styles.smallButton} onClick={() => setOpenId(null)}>
          {shelfCopy('offline.toList')}
        </button>
      </>
    );
  }
  return (
    <>
      <a href="/bookshelf" className={styles.textLink}>
        {shelfCopy('offline.toShelf')}
      </a>
      {usage !== null && <p className={styles.meta}>{shelfCopy('offline.usage', { size: byteSize(usage) })}</p>}
      {shelf.saved.length === 0 ? (
        <p className={styles.note}>{shelfCopy('offline.none')}</p>
      ) : (
        <ul className={styles.books}>
          {shelf.saved.map((book) => (
            <li key={book.bookId} className={styles.book}>
              <div className={styles.bookBody}>
                <span className={styles.bookTitle}>{book.title}</span>
                <span className={styles.meta}>{shelfCopy('offline.saved', { size: byteSize(book.bytes) })}</span>
              </div>
              <div className={styles.actions}>
                <button type="button" className={styles.readButton} onClick={() => setOpenId(book.bookId)}>
                  {shelfCopy('book.read')}
                </button>
                <button type="button" className={styles.smallButton} onClick={() => void shelf.remove(book.bookId)}>
                  {shelfCopy('offline.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
