import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where derivatives live. Today a folder (DATA_DIR/media, generated and never committed);
 * object storage can implement the same four calls when app processes stop sharing a disk.
 */
export interface MediaStore {
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  write(key: string, data: Buffer): Promise<void>;
  /** Removes every stored derivative (demo reset). */
  clear(): Promise<void>;
}

/** Keys are built from integers only (media-spec.ts); anything else is refused, so no key can leave the root. */
const KEY = /^[a-z]+(\/\d{1,10})+\.(webp|jpg)$/;

export const mediaRoot = (dataDir: string): string => path.join(dataDir, 'media');

export class FileMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid media key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Atomic: written beside the target and renamed, so readers (and other processes) never see half a file. */
  async write(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, file);
  }

  async clear(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
