import type { FontSize } from '@hondana/domain/reading/reading-api';
import { type DBSchema, type IDBPDatabase, deleteDB, openDB } from 'idb';

/**
 * A book saved on this device for offline reading: an image book's page images are in the
 * `pages` store, a text (reflow) book's chapters in the `chapters` store.
 */
export type SavedBook = {
  bookId: number;
  /** Text books (reflow, read in the text viewer); absent: page images (books saved before text could be). */
  kind?: 'images' | 'text';
  title: string;
  titleName: string;
  /** Reading direction (books saved before it was kept read right to left). */
  direction?: 'rtl' | 'ltr';
  totalPage: number;
  /** The saved pages in reading order, with their sizes (for the layout before the image decodes). Empty for a text book. */
  pages: { page: number; width: number; height: number }[];
  /** A text book's chapter numbers in reading order. */
  chapters?: number[];
  /** Bytes kept: the page images, or a text book's chapter HTML and its illustrations. */
  bytes: number;
  savedAt: number;
  /** The synced page when it was saved. */
  startupPage: number;
  /** Text books: the font size the synced page belongs to (a page of text depends on it, §5). */
  startupFont?: FontSize | null;
};

/**
 * One chapter of a saved text book, as the server's book_text answers it (HTML with <ruby>), its
 * illustrations kept as blobs: the HTML marks each <img> with its place in `figures`
 * (offline-figures.ts) instead of the signed URL, which expires.
 */
type SavedChapter = { bookId: number; chapterNo: number; title: string; html: string; figures?: Blob[] };

/**
 * The last page read on this device, and whether the server has it yet. Text books keep the
 * font size the page was laid out in, sent with it (§4 page sync).
 */
type LocalPosition = { bookId: number; page: number; font?: FontSize; readAt: number; synced: boolean };

interface OfflineSchema extends DBSchema {
  books: { key: number; value: SavedBook };
  pages: { key: [number, number]; value: { bookId: number; page: number; blob: Blob } };
  chapters: { key: [number, number]; value: SavedChapter };
  positions: { key: number; value: LocalPosition };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const PREFIX = 'hondana-offline-';

/**
 * One database per member (`hondana-offline-{memberId}`): a page only opens the database of the
 * member its session belongs to, so another account on the same browser never reads these.
 */
const databaseName = (memberId: number) => `${PREFIX}${memberId}`;

export async function openOfflineDb(memberId: number): Promise<OfflineDb> {
  const db: OfflineDb = await openDB<OfflineSchema>(databaseName(memberId), 2, {
    // A tab of a newer build asks for a newer version: this one lets go (its next visit reopens).
    blocking: () => db.close(),
    // Version 1 kept page images only; version 2 adds text books' chapters.
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('books', { keyPath: 'bookId' });
        database.createObjectStore('pages', { keyPath: ['bookId', 'page'] });
        database.createObjectStore('positions', { keyPath: 'bookId' });
      }
      if (oldVersion < 2) database.createObjectStore('chapters', { keyPath: ['bookId', 'chapterNo'] });
    },
  });
  return db;
}

/** A book's page (or chapter) keys: [bookId, 0] up to [bookId, +∞). */
const partsOf = (bookId: number) => IDBKeyRange.bound([bookId, 0], [bookId, Number.POSITIVE_INFINITY]);

export const listSaved = (db: OfflineDb): Promise<SavedBook[]> => db.getAll('books');

export async function pageBlob(db: OfflineDb, bookId: number, page: number): Promise<Blob | null> {
  return (await db.get('pages', [bookId, page]))?.blob ?? null;
}

export async function putPage(db: OfflineDb, bookId: number, page: number, blob: Blob): Promise<void> {
  await db.put('pages', { bookId, page, blob });
}

export async function putChapter(db: OfflineDb, chapter: SavedChapter): Promise<void> {
  await db.put('chapters', chapter);
}

/** A saved text book's chapters in reading order. */
export const chaptersOf = (db: OfflineDb, bookId: number): Promise<SavedChapter[]> => db.getAll('chapters', partsOf(bookId));

/** The book's record goes in last: a book is listed only once every page is stored. */
export async function putBook(db: OfflineDb, book: SavedBook): Promise<void> {
  await db.put('books', book);
}

/** Deletes the book, its pages or chapters and its local position in one transaction (frees the space). */
export async function removeSaved(db: OfflineDb, bookId: number): Promise<void> {
  const tx = db.transaction(['books', 'pages', 'chapters', 'positions'], 'readwrite');
  await Promise.all([
    tx.objectStore('books').delete(bookId),
    tx.objectStore('pages').delete(partsOf(bookId)),
    tx.objectStore('chapters').delete(partsOf(bookId)),
    tx.objectStore('positions').delete(bookId),
    tx.done,
  ]);
}

export const localPosition = (db: OfflineDb, bookId: number): Promise<LocalPosition | undefined> => db.get('positions', bookId);

export async function putPosition(db: OfflineDb, position: LocalPosition): Promise<void> {
  await db.put('positions', position);
}

export async function unsyncedPositions(db: OfflineDb): Promise<LocalPosition[]> {
  return (await db.getAll('positions')).filter((p) => !p.synced);
}

/** Other members' offline databases on this browser (left by a session that ended without logging out). */
export async function removeOtherMembers(memberId: number): Promise<void> {
  if (typeof indexedDB.databases !== 'function') return;
  const own = databaseName(memberId);
  const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith(PREFIX) && name !== own);
  await Promise.all(names.map((name) => deleteDB(name)));
}
