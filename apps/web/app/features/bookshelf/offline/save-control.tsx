import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { byteSize } from './byte-size';
import { OFFLINE_SHELL_PATH } from './offline-shell';
import styles from './offline.module.css';
import { useOfflineShelf } from './use-offline-shelf';

type SaveControlProps = { bookId: number; title: string };

/** A volume's ダウンロード on the shelf: the button, then the progress and size, then 保存済み with read and delete. */
export function SaveControl({ bookId, title }: SaveControlProps) {
  const shelf = useOfflineShelf();
  if (!shelf?.saved) return null;
  const saved = shelf.saved.find((b) => b.bookId === bookId);
  const progress = shelf.saving[bookId];
  const failure = shelf.failures[bookId];
  if (saved) {
    return (
      <div className={styles.control}>
        <span className={styles.savedMark}>{shelfCopy('offline.saved', { size: byteSize(saved.bytes) })}</span>
        {/* A document navigation: with the network cut, the service worker answers it. */}
        <a href={`${OFFLINE_SHELL_PATH}?cid=${bookId}`} className={styles.textLink}>
          {shelfCopy('offline.read')}
        </a>
        <button type="button" className={styles.smallButton} onClick={() => void shelf.remove(bookId)}>
          {shelfCopy('offline.remove')}
        </button>
      </div>
    );
  }
  if (progress) {
    return (
      <div className={styles.control} role="status">
        <progress max={progress.total} value={progress.done} className={styles.bar} />
        <span className={styles.meta}>
          {shelfCopy(progress.unit === 'chapters' ? 'offline.savingChapters' : 'offline.saving', {
            done: progress.done,
            total: progress.total,
            size: byteSize(progress.bytes),
          })}
        </span>
      </div>
    );
  }
  return (
    <div className={styles.control}>
      <button
        type="button"
        className={styles.smallButton}
        disabled={!shelf.db}
        aria-label={shelfCopy('offline.saveLabel', { title })}
        onClick={() => shelf.save(bookId)}
      >
        {shelfCopy('offline.save')}
      </button>
      {failure && <span className={styles.error}>{shelfCopy(`offline.${failure}`)}</span>}
    </div>
  );
}

/** The shelf's link to the saved books, with their count and size (none saved: nothing shown). */
export function OfflineLink() {
  const saved = useOfflineShelf()?.saved;
  if (!saved || saved.length === 0) return null;
  const bytes = saved.reduce((sum, b) => sum + b.bytes, 0);
  return (
    <a href={OFFLINE_SHELL_PATH} className={styles.offlineLink}>
      {shelfCopy('offline.link', { count: saved.length, size: byteSize(bytes) })}
    </a>
  );
}
