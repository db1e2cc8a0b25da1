import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBook } from '../src/import/import-book';
import { type CliIo, runImport } from '../src/import/import-cli';
import { FileMediaStore, mediaRoot } from '../src/media/media-store';
import { signPageQuery } from '../src/media/signed-urls';
import { buildTestApp } from './support/build-test-app';
import { comicInfo, pageImage, writeEpub, writeFolder, writeZip } from './support/import-fixtures';
import { type LocalS3, startLocalS3 } from './support/s3-server';
import { createProcessDatabase } from './support/server-processes';
import { findOrAddPublisher } from '../src/modules/admin/publishers';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 40, b: 210 };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hondana-import-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function captured(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', tty: false, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

/** A shelf folder: a CBZ, a folder of images, and a broken archive. */
async function shelf(name: string): Promise<string> {
  const root = path.join(dir, name);
  mkdirSync(root, { recursive: true });
  await writeZip(path.join(root, 'a-comic 1.cbz'), [
    { name: 'ComicInfo.xml', data: comicInfo({ Series: `${name} 漫画`, Number: 1, Manga: 'No' }) },
    { name: '1.jpg', data: await pageImage(100, 140, RED) },
    { name: '2.jpg', data: await pageImage(100, 140, BLUE) },
  ]);
  writeFolder(path.join(root, 'b-scans 2'), [{ name: '01.png', data: await pageImage(90, 120, BLUE, 'png') }]);
  writeFileSync(path.join(root, 'c-broken.cbz'), 'not a zip');
  return root;
}

describe('npm run import', () => {
  it('--json prints one array: each book, and the broken file with its reason; progress and errors go to stderr', async () => {
    const t = await buildTestApp();
    try {
      const io = captured();
      const code = await runImport(['--json', await shelf('json')], { db: t.database.db, media: t.app.deps.media, findOrAddPublisher }, io);
      expect(code).toBe(1);
      const out = JSON.parse(io.out) as Record<string, unknown>[];
      expect(out).toHaveLength(3);
      expect(out[0]).toMatchObject({
        file: expect.stringMatching(/a-comic 1\.cbz$/),
        layoutType: 0,
        direction: 'ltr',
        totalPage: 2,
        warnings: [],
      });
      expect(out[0]!.bookId).toEqual(expect.any(Number));
      expect(Object.keys(out[0]!).sort()).toEqual([
        'bookId',
        'direction',
        'file',
        'layoutType',
        'listed',
        'price',
        'titleId',
        'totalPage',
        'warnings',
      ]);
      // New books wait unlisted, at 0 yen, until an operator publishes them.
      expect(out[0]).toMatchObject({ listed: false, price: 0 });
      expect(out[1]).toMatchObject({ file: expect.stringMatching(/b-scans 2$/), direction: 'rtl', totalPage: 1 });
      expect(out[2]).toMatchObject({
        file: expect.stringMatching(/c-broken\.cbz$/),
        bookId: null,
        error: expect.stringMatching(/c-broken\.cbz: not a ZIP archive/),
      });
      expect(io.err).toMatch(/a-comic 1\.cbz: 2\/2 pages, [\d.]+ pages\/s — created book \d+/);
      expect(io.err).not.toMatch(/\n\s+at /); // no stack
    } finally {
      await t.close();
    }
  });

  it('--dry-run reads and checks everything and stores nothing', async () => {
    const t = await buildTestApp();
    try {
      const io = captured();
      const code = await runImport(
        ['--dry-run', await shelf('dry')],
        { db: t.database.db, media: t.app.deps.media, findOrAddPublisher },
        io,
      );
      expect(code).toBe(1);
      expect(io.err).toMatch(/2 imported \(dry run: nothing stored\), 1 failed/);
      const books = await t.database.db.selectFrom('books').select('id').execute();
      expect(books).toEqual([]);
      expect(await new FileMediaStore(mediaRoot(t.database.dataDir)).list()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses a bad --title-id and an unknown title', async () => {
    const t = await buildTestApp();
    try {
      const deps = { db: t.database.db, media: t.app.deps.media, findOrAddPublisher };
      const bad = captured();
      expect(await runImport(['--title-id', 'x', dir], deps, bad)).toBe(2);
      expect(bad.err).toMatch(/--title-id must be a positive integer/);
      const unknown = captured();
      const file = await writeZip(path.join(dir, 'solo.cbz'), [{ name: '1.jpg', data: await pageImage(50, 70, RED) }]);
      expect(await runImport(['--json', '--title-id', '999', file], deps, unknown)).toBe(1);
      expect(JSON.parse(unknown.out)[0].error).toMatch(/--title-id 999: no such title/);
    } finally {
      await t.close();
    }
  });

  it('leaves new books unlisted (STOPPED) by default, and the summary says which wait', async () => {
    const t = await buildTestApp();
    try {
      const io = captured();
      const file = await writeZip(path.join(dir, 'matsu 1.cbz'), [{ name: '1.jpg', data: await pageImage(50, 70, RED) }]);
      expect(await runImport([file], { db: t.database.db, media: t.app.deps.media, findOrAddPublisher }, io)).toBe(0);
      const book = await t.database.db.selectFrom('books').select(['id', 'title_id', 'sales_status', 'price']).executeTakeFirstOrThrow();
      expect([book.sales_status, book.price]).toEqual(['STOPPED', 0]);
      expect(io.err).toMatch(/created\s+\d+\s+\d+\s+rtl\s+1\s+waiting unlisted\s+matsu 1\.cbz/);
      expect(io.err).toContain(`1 waiting unlisted (counted under 未公開 in the console's 作品 list`);
      expect(io.err).toContain(`  book ${book.id} (title ${book.title_id}) matsu 1.cbz`);
      // Not for sale: the viewer offers no purchase, and only the sample is read.
      const info = (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${book.id}` })).json();
      expect([info.book_data.salable, info.book_data.fullAccess]).toEqual([false, false]);
    } finally {
      await t.close();
    }
  });

  it('--publish --price N puts new books on sale at N yen; a book imported again keeps what it has', async () => {
    const t = await buildTestApp();
    try {
      const deps = { db: t.database.db, media: t.app.deps.media, findOrAddPublisher };
      const io = captured();
      const file = await writeZip(path.join(dir, 'take 1.cbz'), [{ name: '1.jpg', data: await pageImage(50, 70, BLUE) }]);
      expect(await runImport(['--json', '--publish', '--price', '550', file], deps, io)).toBe(0);
      const [result] = JSON.parse(io.out) as { bookId: number; listed: boolean; price: number }[];
      expect(result).toMatchObject({ listed: true, price: 550 });
      const book = await t.database.db
        .selectFrom('books')
        .select(['sales_status', 'price', 'tax_amount'])
        .where('id', '=', result!.bookId)
        .executeTakeFirstOrThrow();
      expect(book).toEqual({ sales_status: 'ON_SALE', price: 550, tax_amount: 50 });
      const info = await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${result!.bookId}` });
      expect([info.statusCode, info.json().book_data.price]).toEqual([200, 550]);
      // The same file again without --publish: updated in place, still on sale at its price.
      const again = captured();
      expect(await runImport(['--json', file], deps, again)).toBe(0);
      expect(JSON.parse(again.out)[0]).toMatchObject({ bookId: result!.bookId, listed: true, price: 550 });
    } finally {
      await t.close();
    }
  });

  it('--prices FILE puts the books it names on sale at their prices; the others wait', async () => {
    const t = await buildTestApp();
    try {
      const root = path.join(dir, 'priced');
      mkdirSync(root, { recursive: true });
      await writeZip(path.join(root, 'ume 1.cbz'), [{ name: '1.jpg', data: await pageImage(50, 70, RED) }]);
      await writeZip(path.join(root, 'ume 2.cbz'), [{ name: '1.jpg', data: await pageImage(50, 70, BLUE) }]);
      const prices = path.join(dir, 'prices.csv');
      writeFileSync(prices, 'file,price\n"ume 1.cbz",660\n');
      const io = captured();
      expect(
        await runImport(['--json', '--prices', prices, root], { db: t.database.db, media: t.app.deps.media, findOrAddPublisher }, io),
      ).toBe(0);
      const out = JSON.parse(io.out) as { file: string; listed: boolean; price: number }[];
      expect(out.map((o) => [path.basename(o.file), o.listed, o.price])).toEqual([
        ['ume 1.cbz', true, 660],
        ['ume 2.cbz', false, 0],
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses listing options that do not fit, before importing anything', async () => {
    const t = await buildTestApp();
    try {
      const deps = { db: t.database.db, media: t.app.deps.media, findOrAddPublisher };
      const cases: [string[], RegExp][] = [
        [['--publish'], /--publish needs --price N, a price above 0 yen/],
        [['--publish', '--price', '0'], /--publish needs --price N, a price above 0 yen/],
        [['--price', '12.5'], /--price must be whole yen/],
        [['--prices', path.join(dir, 'none.csv')], /--prices .*none\.csv: no such file/],
        [['--prices', path.join(dir, 'prices.csv'), '--publish'], /use it without --publish and --price/],
      ];
      writeFileSync(path.join(dir, 'bad.csv'), 'a.cbz,abc\n');
      cases.push([['--prices', path.join(dir, 'bad.csv')], /line 1: expected "file,price"/]);
      for (const [args, message] of cases) {
        const io = captured();
        expect(await runImport([...args, dir], deps, io)).toBe(2);
        expect(io.err).toMatch(message);
      }
      expect(await t.database.db.selectFrom('books').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('runs as a command on the store’s DATA_DIR / DATABASE_URL', async () => {
    const database = await createProcessDatabase();
    try {
      const file = await writeEpub(path.join(dir, 'cli.epub'), {
        identifier: 'urn:cli',
        title: 'コマンド 1',
        pages: [{ image: await pageImage(100, 140, RED) }],
      });
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/import-command.ts', '--json', file],
        {
          cwd: ROOT,
          env: { ...process.env, ...database.env, TEST_DIALECT: '' },
        },
      );
      const [result] = JSON.parse(stdout) as { bookId: number; direction: string; totalPage: number }[];
      expect(result).toMatchObject({ direction: 'rtl', totalPage: 1 });
      const book = await database.handle.db
        .selectFrom('books')
        .select(['contents_name'])
        .where('id', '=', result!.bookId)
        .executeTakeFirst();
      expect(book).toEqual({ contents_name: 'コマンド 1' });
    } finally {
      await database.destroy();
    }
  }, 60_000);
});

describe('import into S3-compatible storage', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => s3?.close());

  it('keeps originals and derivatives in the bucket, and the viewer’s page comes from there', async () => {
    const media = s3.store();
    const now = new Date('2026-11-25T03:00:00Z');
    const t = await buildTestApp({ mediaStore: media, clock: () => now });
    try {
      const file = await writeZip(path.join(dir, 's3 5.cbz'), [{ name: '1.jpg', data: await pageImage(100, 140, BLUE) }]);
      const result = await importBook({ db: t.database.db, media, findOrAddPublisher }, file);
      const keys = await media.list();
      expect(keys.filter((k) => k.startsWith('originals/'))).toHaveLength(1);
      expect(keys).toContain(`covers/${result.bookId}/256.webp`);
      expect(keys).toContain(`pages/${result.bookId}/0/1080.jpg`);
      await media.deletePrefix(`pages/${result.bookId}/`); // made again from the original on request
      const query = signPageQuery('test-media-key', result.bookId!, 0, { kind: 'sample' }, now.getTime() + 60_000);
      const response = await t.app.inject({ url: `/media/pages/${result.bookId}/0/720.jpg?${query}` });
      expect(response.statusCode).toBe(200);
      const stats = await sharp(response.rawPayload).stats();
      expect(stats.channels[2]!.mean).toBeGreaterThan(180); // blue, as imported
      expect(await media.exists(`pages/${result.bookId}/0/720.jpg`)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('the command goes to the bucket MEDIA_S3_BUCKET and MEDIA_S3_ENDPOINT name, with the standard AWS credentials', async () => {
    const database = await createProcessDatabase();
    try {
      const media = s3.store();
      await media.clear();
      const file = await writeZip(path.join(dir, 'env 9.cbz'), [{ name: '1.jpg', data: await pageImage(60, 80, RED) }]);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/import-command.ts', '--json', file],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            ...database.env,
            TEST_DIALECT: '',
            MEDIA_S3_BUCKET: 'media',
            MEDIA_S3_ENDPOINT: s3.endpoint,
            AWS_ACCESS_KEY_ID: 'S3RVER',
            AWS_SECRET_ACCESS_KEY: 'S3RVER',
            AWS_REGION: 'us-east-1',
          },
        },
      );
      const [result] = JSON.parse(stdout) as { bookId: number }[];
      const keys = await media.list();
      expect(keys.filter((k) => k.startsWith('originals/'))).toHaveLength(1);
      expect(keys).toContain(`pages/${result!.bookId}/0/720.webp`);
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
