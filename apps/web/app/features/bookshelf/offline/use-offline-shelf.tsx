import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { registerServiceWorker } from '../../../lib/service-worker';
import { removeEnded, syncPositions } from './offline-sync';
import { type OfflineDb, type SavedBook, listSaved, openOfflineDb, removeOtherMembers, removeSaved } from './offline-store';
import { NotSavable, type SaveProgress, saveBook } from './save-book';

type SaveFailure = 'failed' | 'notSavable';

type OfflineShelf = {
  db: OfflineDb | null;
  /** Null until the device's saved books are read. */
  saved: SavedBook[] | null;
  saving: Record<number, SaveProgress>;
  failures: Record<number, SaveFailure>;
  save(bookId: number): void;
  remove(bookId: number): Promise<void>;
};

const OfflineContext = createContext<OfflineShelf | null>(null);

/** The member's saved books, or null outside an OfflineShelfProvider. */
export const useOfflineShelf = () => useContext(OfflineContext);

type ProviderProps = { memberId: number; children: ReactNode };

/**
 * Opens this member's offline database (and deletes any other member's), then, when online,
 * sends positions read offline and deletes books the member may no longer read.
 */
export function OfflineShelfProvider({ memberId, children }: ProviderProps) {
  const [db, setDb] = useState<OfflineDb | null>(null);
  const [saved, setSaved] = useState<SavedBook[] | null>(null);
  const [saving, setSaving] = useState<Record<number, SaveProgress>>({});
  const [failures, setFailures] = useState<Record<number, SaveFailure>>({});

  useEffect(() => {
    void registerServiceWorker();
    let closed = false;
    let opened: OfflineDb | null = null;
    void (async () => {
      await removeOtherMembers(memberId).catch(() => undefined);
      opened = await openOfflineDb(memberId);
      if (closed) return opened.close();
      setDb(opened);
      setSaved(await listSaved(opened));
      if (!navigator.onLine) return;
      await syncPositions(opened);
      const removed = await removeEnded(opened).catch(() => []);
      if (removed.length > 0 && !closed) setSaved(await listSaved(opened));
    })();
    return () => {
      closed = true;
      opened?.close();
    };
  }, [memberId]);

  const save = useCallback(
    (bookId: number) => {
      if (!db) return;
      setFailures(({ [bookId]: _, ...rest }) => rest);
      const progress = (p: SaveProgress) => setSaving((all) => ({ ...all, [bookId]: p }));
      saveBook(db, bookId, progress)
        .then(async () => setSaved(await listSaved(db)))
        .catch((error: unknown) => setFailures((all) => ({ ...all, [bookId]: error instanceof NotSavable ? 'notSavable' : 'failed' })))
        .finally(() => setSaving(({ [bookId]: _, ...rest }) => rest));
    },
    [db],
  );

  const remove = useCallback(
    async (bookId: number) => {
      if (!db) return;
      await removeSaved(db, bookId);
      setSaved(await listSaved(db));
    },
    [db],
  );

  const value = useMemo(() => ({ db, saved, saving, failures, save, remove }), [db, saved, saving, failures, save, remove]);
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>;
}
