import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ImportError } from './import-error';
import { ENTRY_LIMIT_BYTES, openZip } from './zip-archive';

/**
 * What a book is read from: the entries of a ZIP (CBZ, EPUB) or the files of a folder, by
 * POSIX path relative to its root. Only names listed by `entries` can be read, so nothing
 * outside the archive or folder is ever opened.
 */
export interface BookSource {
  /** The file or folder as given (messages name it). */
  readonly file: string;
  readonly kind: 'zip' | 'folder';
  readonly entries: readonly string[];
  has(name: string): boolean;
  read(name: string): Promise<Buffer>;
  /** SHA-256 of the file's bytes (a folder: of its files' names and bytes). */
  contentHash(): Promise<string>;
  close(): Promise<void>;
}

export async function openBookSource(file: string): Promise<BookSource> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new ImportError(file, 'no such file or folder');
  }
  return info.isDirectory() ? openFolder(file) : openZip(file);
}

export function fileHash(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The folder's files, walked (no symlinks followed out of it), as POSIX paths. */
async function openFolder(folder: string): Promise<BookSource> {
  const root = await realpath(folder);
  const entries: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), name);
      else if (entry.isFile()) entries.push(name);
    }
  };
  await walk(root, '');
  const known = new Set(entries);
  const read = async (name: string) => {
    if (!known.has(name)) throw new ImportError(folder, 'not in the folder', name);
    const file = path.join(root, ...name.split('/'));
    if ((await stat(file)).size > ENTRY_LIMIT_BYTES) throw new ImportError(folder, 'larger than 256 MiB', name);
    return readFile(file);
  };
  return {
    file: folder,
    kind: 'folder',
    entries,
    has: (name) => known.has(name),
    read,
    contentHash: async () => {
      const hash = createHash('sha256');
      for (const name of [...entries].sort()) {
        hash.update(`${name}\0`);
        hash.update(await read(name));
      }
      return hash.digest('hex');
    },
    close: async () => {},
  };
}
