import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { BookSource } from './book-source';
import { fileHash } from './book-source';
import { ImportError } from './import-error';

/** A ZIP that would unpack to more than this, or hold more entries, is refused unread (ZIP bomb). */
const ZIP_LIMITS = { uncompressedBytes: 2 * 1024 ** 3, entries: 20_000 } as const;

/** One entry is read into memory at a time; none may be larger than this (a page image never is). */
export const ENTRY_LIMIT_BYTES = 256 * 1024 ** 2;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const shiftJis = new TextDecoder('shift_jis');

/**
 * An entry's name, in Unicode NFC: UTF-8 whenever its bytes are valid UTF-8, whatever the
 * language-encoding flag says (EPUB requires UTF-8, and most tools omit the flag); else the
 * Info-ZIP Unicode path field when there is one; else Shift_JIS (Japanese Windows archivers).
 * NFC, as manifest hrefs are written: a macOS archiver stores decomposed (NFD) names.
 */
function entryName(entry: Entry & { fileNameRaw?: Buffer }): string {
  const raw = entry.fileNameRaw ?? Buffer.from(entry.fileName as unknown as Buffer);
  try {
    return utf8.decode(raw).normalize('NFC');
  } catch {
    // Not UTF-8: the Unicode path field, else Shift_JIS.
  }
  const unicodeField = entry.extraFields.some((f) => f.id === 0x7075);
  if (unicodeField) return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false).normalize('NFC');
  return shiftJis.decode(raw).normalize('NFC');
}

/** Null when `name` stays inside the archive; otherwise why not. */
function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'a NUL in the entry name';
  if (name.includes('\\')) return 'a backslash in the entry name (the path could escape the archive)';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute path escapes the archive';
  const normal = path.posix.normalize(name);
  if (normal === '..' || normal.startsWith('../') || name.split('/').includes('..')) return 'the path escapes the archive';
  return null;
}

/**
 * Opens a ZIP (CBZ, EPUB) for reading by entry name. The central directory is read first: a
 * path that escapes the archive, more than 20,000 entries or more than 2 GiB uncompressed is
 * refused before anything is unpacked, and yauzl checks every entry's real size against the
 * one declared, so a lying header cannot unpack more than that.
 */
export async function openZip(file: string): Promise<BookSource> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false, autoClose: false });
  } catch (error) {
    throw new ImportError(file, `not a ZIP archive (${(error as Error).message})`);
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.entries)
      throw new ImportError(file, `${zip.entryCount} entries, more than the ${ZIP_LIMITS.entries} allowed (ZIP bomb?)`);
    const entries = new Map<string, Entry>();
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      const unsafe = unsafeEntryName(name);
      if (unsafe) throw new ImportError(file, unsafe, name);
      if (name.endsWith('/')) continue;
      total += entry.uncompressedSize;
      if (total > ZIP_LIMITS.uncompressedBytes) throw new ImportError(file, `unpacks to more than 2 GiB (ZIP bomb?)`, name);
      const key = name.replace(/^\.\//, '');
      if (!entries.has(key)) entries.set(key, entry);
    }
    return {
      file,
      kind: 'zip',
      entries: [...entries.keys()],
      has: (name) => entries.has(name),
      read: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw new ImportError(file, 'not in the archive', name);
        if (entry.isEncrypted()) throw new ImportError(file, 'the entry is encrypted', name);
        if (entry.uncompressedSize > ENTRY_LIMIT_BYTES) throw new ImportError(file, 'larger than 256 MiB unpacked', name);
        try {
          return await buffer(await zip.openReadStreamPromise(entry));
        } catch (error) {
          throw new ImportError(file, `cannot be unpacked (${(error as Error).message})`, name);
        }
      },
      contentHash: () => fileHash(file),
      close: async () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof ImportError) throw error;
    throw new ImportError(file, `not a readable ZIP archive (${(error as Error).message})`);
  }
}
