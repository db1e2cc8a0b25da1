#!/usr/bin/env tsx
/**
 * Import bench: generated CBZs of 1600×2400 JPEG pages, imported with every page's
 * derivatives (`importBook` with `allDerivatives`, as `npm run import -- --all-derivatives`),
 * next to sharp alone making the same derivatives from the same JPEGs.
 *
 *   npx tsx bench/import-bench.ts fixtures <dir> <pages>   writes <dir>/book-<pages>.cbz
 *   npx tsx bench/import-bench.ts speed <cbz>              imports it, then sharp alone; prints IMPORT {json}
 *   npx tsx bench/import-bench.ts rss <cbz>                imports it; prints IMPORT {json} with this process's peak RSS
 *
 * Each mode runs in a process of its own (bench/import.mjs), so the peak RSS is the import's only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import yazl from 'yazl';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { naturalCompare } from '../apps/server/src/import/book-plan';
import { openBookSource } from '../apps/server/src/import/book-source';
import { importBook } from '../apps/server/src/import/import-book';
import { findOrAddPublisher } from '../apps/server/src/modules/admin/publishers';
import { createLimiter } from '../apps/server/src/media/derivatives';
import { IMAGE_FORMATS, IMAGE_QUALITY, PAGE_WIDTHS } from '../apps/server/src/media/media-spec';
import { FileMediaStore, mediaRoot } from '../apps/server/src/media/media-store';

const WIDTH = 1600;
const HEIGHT = 2400;

/** A manga-like page: white paper, panel borders, screentone-like noise in one panel, a page number. */
async function base(): Promise<Buffer> {
  const tone = await sharp({ create: { width: 1400, height: 900, channels: 3, noise: { type: 'gaussian', mean: 170, sigma: 40 } } })
    .png()
    .toBuffer();
  const panels = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#fff"/>
    <g fill="none" stroke="#111" stroke-width="10">
      <rect x="100" y="100" width="1400" height="900"/><rect x="100" y="1060" width="660" height="1240"/><rect x="840" y="1060" width="660" height="1240"/>
    </g>
    <g stroke="#222" stroke-width="4">${Array.from({ length: 60 }, (_, i) => `<line x1="${140 + i * 10}" y1="1100" x2="${700 - i * 5}" y2="${2260 - i * 8}"/>`).join('')}</g>
    <circle cx="1170" cy="1680" r="260" fill="#444"/><circle cx="1170" cy="1680" r="200" fill="#ddd"/>
  </svg>`;
  return sharp(Buffer.from(panels))
    .composite([{ input: tone, left: 100, top: 100 }])
    .png()
    .toBuffer();
}

async function fixtures(dir: string, pages: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const paper = await base();
  const zip = new yazl.ZipFile();
  const file = path.join(dir, `book-${pages}.cbz`);
  const limit = createLimiter(2);
  const jpegs = await Promise.all(
    Array.from({ length: pages }, (_, i) =>
      limit(() =>
        sharp(paper)
          .composite([
            {
              input: Buffer.from(
                `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><text x="10" y="130" font-size="140" font-family="sans-serif">P${i + 1}</text></svg>`,
              ),
              left: 1150,
              top: 2230 - 160,
            },
          ])
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    ),
  );
  jpegs.forEach((jpeg, i) => zip.addBuffer(jpeg, `p${i + 1}.jpg`, { compress: false }));
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0"?><ComicInfo><Series>ベンチ</Series><Number>${pages}</Number><Manga>YesAndRightToLeft</Manga><PageCount>${pages}</PageCount></ComicInfo>`,
    ),
    'ComicInfo.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/**
 * CPU seconds of this process (every thread: libvips' and libuv's too) since `from`: the work
 * done, which a loaded machine does not change the way it changes the wall time.
 */
function cpuSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

async function importOnce(cbz: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-import-bench-'));
  const database = openDatabase({ databaseUrl: '', dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const media = new FileMediaStore(mediaRoot(dataDir));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await importBook({ db: database.db, media, findOrAddPublisher }, cbz, { allDerivatives: true });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSince(cpu);
    const derivatives = (await media.list('pages/')).length;
    if (result.warnings.length > 0) throw new Error(`import warnings: ${result.warnings.join('; ')}`);
    return { pages: result.totalPage, seconds, cpuSeconds, derivatives };
  } finally {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The page JPEGs of a CBZ, one at a time, read the way the import reads entries. */
async function* pagesOf(cbz: string): AsyncGenerator<Buffer> {
  const source = await openBookSource(cbz);
  try {
    for (const entry of source.entries.filter((e) => e.endsWith('.jpg')).sort(naturalCompare)) yield await source.read(entry);
  } finally {
    await source.close();
  }
}

/**
 * sharp alone: each page decoded once, the same widths and formats as the import's derivatives
 * (PAGE_WIDTHS × WebP/JPEG, quality 80, WebP effort 2), results discarded; `parallel` pages at a time.
 */
async function sharpAlone(cbz: string, parallel: number) {
  const limit = createLimiter(parallel);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const jobs: Promise<void>[] = [];
  let pages = 0;
  for await (const jpeg of pagesOf(cbz)) {
    pages++;
    jobs.push(
      limit(async () => {
        const largest = Math.max(...PAGE_WIDTHS);
        const raster = await sharp(jpeg).resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
        for (const width of PAGE_WIDTHS) {
          const at =
            width === largest
              ? raster
              : await sharp(raster.data, { raw: raster.info }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
          for (const format of IMAGE_FORMATS) {
            const image = sharp(at.data, { raw: at.info });
            await (
              format === 'webp' ? image.webp({ quality: IMAGE_QUALITY, effort: 2 }) : image.jpeg({ quality: IMAGE_QUALITY })
            ).toBuffer();
          }
        }
      }),
    );
    if (jobs.length >= parallel * 2) await Promise.all(jobs.splice(0, parallel));
  }
  await Promise.all(jobs);
  return { pages, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSince(cpu) };
}

const [mode, target, count] = process.argv.slice(2);
if (mode === 'fixtures') {
  const file = await fixtures(target!, Number(count));
  console.log(`IMPORT ${JSON.stringify({ file })}`);
} else if (mode === 'speed') {
  const imported = await importOnce(target!);
  console.error(`import: ${imported.pages} pages in ${imported.seconds.toFixed(1)} s`);
  // sharp's own best on this machine: the render pool's shape (one libvips thread, a page per core) and one page at a time with sharp's default threads.
  const pooled = await sharpAlone(target!, 2);
  sharp.concurrency(0);
  const threaded = await sharpAlone(target!, 1);
  console.log(
    `IMPORT ${JSON.stringify({ imported, sharp: pooled.seconds <= threaded.seconds ? { ...pooled, shape: 'a page per core, 1 libvips thread each' } : { ...threaded, shape: 'one page at a time, libvips threads' }, other: pooled.seconds <= threaded.seconds ? threaded : pooled })}`,
  );
} else if (mode === 'rss') {
  const imported = await importOnce(target!);
  console.log(`IMPORT ${JSON.stringify({ imported, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}`);
} else {
  console.error('usage: bench/import-bench.ts fixtures <dir> <pages> | speed <cbz> | rss <cbz>');
  process.exitCode = 2;
}
