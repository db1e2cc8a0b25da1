import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { IMAGE_QUALITY, type ImageFormat } from './media-spec';

/**
 * Turning drawings (SVG without any <text>) into stored derivatives with sharp: one raster per
 * drawing at its largest width, resized for the smaller ones, encoded as WebP (quality 80) and
 * JPEG (quality 80) per §9. Renders share one pool sized to the machine's cores.
 */
export interface Drawing {
  /** SVG content (no <svg> wrapper) in the drawing's own coordinates. */
  inner: string;
  width: number;
  height: number;
}

export interface Output {
  width: number;
  format: ImageFormat;
}

/** WebP effort 2 of 0–6: near the default's size at half its time; a 2-core machine draws the demo in seconds. */
const WEBP_EFFORT = 2;

function svgDocument(d: Drawing, outWidth: number): string {
  const outHeight = Math.round((d.height * outWidth) / d.width);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${d.width} ${d.height}">${d.inner}</svg>`;
}

function encode(image: sharp.Sharp, format: ImageFormat): Promise<Buffer> {
  return format === 'webp'
    ? image.webp({ quality: IMAGE_QUALITY, effort: WEBP_EFFORT }).toBuffer()
    : image.jpeg({ quality: IMAGE_QUALITY }).toBuffer();
}

/** Every requested output of one drawing, in the order asked. */
export async function renderDrawing(d: Drawing, outputs: readonly Output[]): Promise<Buffer[]> {
  if (outputs.length === 0) return [];
  const largest = Math.max(...outputs.map((o) => o.width));
  const raster = await sharp(Buffer.from(svgDocument(d, largest)))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return renderRaster(raster, largest, outputs);
}

/**
 * Every requested output of an imported original (JPEG, PNG, WebP, AVIF as the publisher made
 * it): decoded once, turned upright by its EXIF orientation, flattened on white, scaled to the
 * largest width asked, then resized for the smaller ones.
 */
export async function renderOriginal(data: Buffer, outputs: readonly Output[]): Promise<Buffer[]> {
  if (outputs.length === 0) return [];
  const largest = Math.max(...outputs.map((o) => o.width));
  const raster = await sharp(data, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: largest })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return renderRaster(raster, largest, outputs);
}

type Raster = { data: Buffer; info: sharp.OutputInfo };

async function renderRaster(raster: Raster, largest: number, outputs: readonly Output[]): Promise<Buffer[]> {
  const source = () => sharp(raster.data, { raw: raster.info });
  const resized = new Map<number, Promise<Raster>>();
  const atWidth = (width: number) => {
    if (width === largest) return source();
    let pending = resized.get(width);
    if (!pending) {
      pending = source().resize({ width }).raw().toBuffer({ resolveWithObject: true });
      resized.set(width, pending);
    }
    return pending.then((r) => sharp(r.data, { raw: r.info }));
  };
  // One output at a time: a render is one libvips thread (the pool gives each a core), and only
  // one encoder's buffers are alive per render, which keeps an import's resident set down.
  const out: Buffer[] = [];
  for (const o of outputs) out.push(await encode(await atWidth(o.width), o.format));
  return out;
}

/** At most `concurrency` tasks at a time (rendering is CPU-bound: one per core). */
export function createLimiter(concurrency: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= concurrency) return;
    const start = queue.shift();
    if (start) {
      active++;
      start();
    }
  };
  return function run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
  };
}

/**
 * `fn` over every item, at most `concurrency` at a time, results in the items' order. Items are
 * started in order and none is started after one fails, so the error thrown is the one of the
 * first failing item, as a loop one at a time would throw it; the items in flight are awaited.
 */
export async function mapBounded<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && failures.length === 0) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failures.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  if (failures.length > 0) throw failures.sort((a, b) => a.index - b.index)[0]!.error;
  return results;
}

/** The machine's cores: CPU-bound work runs one task per core. */
const CORES = Math.max(1, availableParallelism());

/**
 * Pages an import works on at once: one per core. One more would keep a core busy while a page
 * is read or written (a few ms of a ~200 ms render) at the cost of one more page's buffers.
 */
export const PIPELINE_DEPTH = CORES;

/**
 * The process-wide render pool: eager generation and on-demand derivatives share the cores.
 * One libvips thread per render and one render per core beats several threads per render.
 */
sharp.concurrency(1);
/**
 * libvips' operation cache only helps when the same input is processed again; every render here
 * starts from a new buffer, so the cache (up to 50 MB) would only hold memory: an import's peak RSS.
 */
sharp.cache(false);
export const renderPool = createLimiter(CORES);
