import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media live: originals of imported pages and covers (kept as they came) and the
 * derivatives made from them or drawn for the demo. A local folder (DATA_DIR/media, the default)
 * or S3-compatible object storage (`s3-media-store.ts`) when app processes stop sharing a disk.
 * Signed URLs and derivative making sit above this and do not know which store it is.
 */
export interface MediaStore {
  /** 'local' or 's3', for logs and the readiness report. */
  readonly kind: string;
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream (large originals), or null when it is not stored. */
  stream(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Stored whole or not at all: a reader (or another process) never sees half an object. */
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a book's derivatives after a re-import). */
  deletePrefix(prefix: string): Promise<void>;
  /** Removes everything (demo reset). */
  clear(): Promise<void>;
  /** Keys that start with `prefix`, sorted. */
  list(prefix?: string): Promise<string[]>;
  /** Resolves when the store can be read and written; rejects with the reason (`/readyz`). */
  check(): Promise<void>;
}

/**
 * Keys are built from integers and hex digests only (media-spec.ts), so no key can leave the
 * store's root or name another bucket's object:
 * derivatives `covers/1/128.webp`, `pages/1/0/720.jpg`; originals `originals/<sha256>.png`.
 */
const DERIVATIVE_KEY = /^[a-z]+(\/\d{1,10})+\.(webp|jpg)$/;
const ORIGINAL_KEY = /^originals\/[0-9a-f]{64}\.(jpg|png|webp|avif|gif)$/;
const PREFIX = /^([a-z]+(\/\d{1,10})*\/)?$/;

export function assertMediaKey(key: string): void {
  if (!DERIVATIVE_KEY.test(key) && !ORIGINAL_KEY.test(key)) throw new Error(`invalid media key: ${key}`);
}

export function assertMediaPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`invalid media key prefix: ${prefix}`);
}

export const mediaRoot = (dataDir: string): string => path.join(dataDir, 'media');

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class FileMediaStore implements MediaStore {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  private file(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    const file = this.file(key);
    if (!(await this.exists(key))) return null;
    return createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Atomic: written beside the target and renamed, so readers (and other processes) never see half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    for (let attempt = 1; ; attempt++) {
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, data);
        await rename(temp, file);
        return;
      } catch (error) {
        // A `deletePrefix` of the folder (a re-import dropping a book's derivatives) can move it
        // away between the mkdir and the rename: the folder is made again and the file written again.
        await rm(temp, { force: true });
        if (!missing(error) || attempt === 5) throw error;
      }
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertMediaPrefix(prefix);
    if (prefix === '') return this.clear();
    // Moved aside in one rename, then removed: a file written into the folder while a recursive
    // rm walked it would make its last rmdir fail (ENOTEMPTY). Writers that lose their folder
    // this way make it again (`put`); nothing can be written into the moved folder by name.
    const folder = path.join(this.root, ...prefix.split('/').filter(Boolean));
    const aside = path.join(this.root, `.deleting-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      await rename(folder, aside);
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    await rm(aside, { recursive: true, force: true });
  }

  async clear(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }

  /** The folder (or, before the first file, its parent) can be written. */
  async check(): Promise<void> {
    try {
      await access(this.root, constants.W_OK);
    } catch {
      await access(path.dirname(this.root), constants.W_OK);
    }
  }

  async list(prefix = ''): Promise<string[]> {
    assertMediaPrefix(prefix);
    const out: string[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue; // a folder being deleted (`deletePrefix`)
        const key = `${rel}${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
        else if (!entry.name.endsWith('.tmp')) out.push(key);
      }
    };
    await walk(path.join(this.root, ...prefix.split('/').filter(Boolean)), prefix);
    return out.sort();
  }
}
