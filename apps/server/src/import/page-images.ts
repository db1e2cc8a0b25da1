import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { renderPool } from '../media/derivatives';
import type { MediaStore } from '../media/media-store';
import type { BookSource } from './book-source';
import { ImportError } from './import-error';

const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heif: 'avif', avif: 'avif' };

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * Reads one image entry, proves it decodes (a truncated or corrupt image is refused naming the
 * entry), and stores it unchanged under its content hash (`originals/<sha256>.<ext>`), so the
 * same image imported twice is stored once. Only this image is held in memory.
 */
export async function storeOriginal(source: BookSource, entry: string, store: MediaStore | null): Promise<StoredImage> {
  const data = await source.read(entry);
  return storeImage(data, store, (message) => new ImportError(source.file, message, entry));
}

/**
 * Proves `data` is a whole JPEG, PNG, WebP or AVIF image and stores it unchanged under its
 * content hash; `refuse` makes the error of a file that is not (the import's, the console's cover upload's).
 */
export async function storeImage(data: Buffer, store: MediaStore | null, refuse: (message: string) => Error): Promise<StoredImage> {
  let meta: sharp.Metadata;
  try {
    // Decoding is CPU work: it waits for a core in the render pool like any render.
    meta = await renderPool(async () => {
      const header = await sharp(data, { failOn: 'error' }).metadata();
      // A small decode of the whole image: headers alone do not show a truncated or corrupt body.
      await sharp(data, { failOn: 'error' }).resize({ width: 32 }).raw().toBuffer();
      return header;
    });
  } catch (error) {
    throw refuse(`not a decodable image (${(error as Error).message.split('\n')[0]})`);
  }
  const ext = meta.format ? FORMATS[meta.format] : undefined;
  if (!ext || !meta.width || !meta.height) throw refuse(`not a JPEG, PNG, WebP or AVIF image (${meta.format ?? 'unknown'})`);
  const key = `originals/${createHash('sha256').update(data).digest('hex')}.${ext}`;
  if (store && !(await store.exists(key))) await store.put(key, data);
  // EXIF orientations 5–8 turn the image a quarter: the page is as tall as the file is wide.
  const turned = (meta.orientation ?? 1) >= 5;
  return { key, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
}
