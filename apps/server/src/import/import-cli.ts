import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { IMAGE_EXTENSIONS, naturalCompare } from './book-plan';
import { type ImportDeps, type ImportResult, importBook } from './import-book';
import { ImportError } from './import-error';
import { PriceList, parsePrice } from './price-list';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Progress lines are redrawn in place on a terminal. */
  tty: boolean;
}

const USAGE =
  'usage: npm run import -- [--json] [--title-id N] [--dry-run] [--all-derivatives] [--publish --price N | --prices FILE] PATH...\n' +
  '  New books wait unlisted until an operator publishes them, unless --publish --price N (yen) puts them on sale,\n' +
  '  or --prices FILE (a CSV of file,price lines) puts the books it names on sale at their prices.';

const ARCHIVES = /\.(cbz|zip|epub)$/i;

/**
 * The books under PATH: a file is one book; a folder holding images (and no archives) is one
 * book; any other folder is walked for archives and image folders, in natural order.
 */
async function collectBooks(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new ImportError(target, 'no such file or folder');
  if (!info.isDirectory()) return [target];
  const entries = (await readdir(target, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  if (!files.some((f) => ARCHIVES.test(f)) && files.some((f) => IMAGE_EXTENSIONS.test(f))) return [target];
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => naturalCompare(a.name, b.name))) {
    if (entry.isDirectory()) out.push(...(await collectBooks(path.join(target, entry.name))));
    else if (entry.isFile() && ARCHIVES.test(entry.name)) out.push(path.join(target, entry.name));
  }
  return out;
}

type Outcome = ImportResult | { file: string; error: string };

/** How new books enter the store: each waits unlisted, unless the command puts it on sale at a price. */
interface Listing {
  /** The price a new book is put on sale at; undefined: it waits unlisted (at `waitingPrice`). */
  saleOf(file: string): number | undefined;
  waitingPrice: number;
}

/** `--publish`, `--price N`, `--prices FILE`: how new books are listed, or why the options do not fit. */
async function listingOf(values: { publish?: boolean; price?: string; prices?: string }): Promise<Listing | string> {
  const price = values.price === undefined ? undefined : parsePrice(values.price);
  if (price === null) return `--price must be whole yen from 0 to 1000000, got "${values.price}"`;
  if (values.prices !== undefined) {
    if (values.publish || price !== undefined) return '--prices FILE gives each book its price: use it without --publish and --price';
    let list: PriceList;
    try {
      list = PriceList.parse(await readFile(values.prices, 'utf8'));
    } catch (error) {
      return `--prices ${values.prices}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`;
    }
    return { saleOf: (file) => list.priceOf(file), waitingPrice: 0 };
  }
  if (values.publish) {
    // As in the console: a book on sale has a price (a free book is made free there).
    if (price === undefined || price === 0) return '--publish needs --price N, a price above 0 yen';
    return { saleOf: () => price, waitingPrice: price };
  }
  return { saleOf: () => undefined, waitingPrice: price ?? 0 };
}

/** `npm run import`: imports every book under the paths, one after another; exit code 1 when any failed. */
export async function runImport(argv: string[], deps: ImportDeps, io: CliIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        'title-id': { type: 'string' },
        'dry-run': { type: 'boolean' },
        'all-derivatives': { type: 'boolean' },
        publish: { type: 'boolean' },
        price: { type: 'string' },
        prices: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.help || args.positionals.length === 0) {
    io.stderr(`${USAGE}\n`);
    return args.values.help ? 0 : 2;
  }
  const titleIdText = args.values['title-id'];
  if (titleIdText !== undefined && !/^[1-9]\d{0,9}$/.test(titleIdText)) {
    io.stderr(`--title-id must be a positive integer, got "${titleIdText}"\n`);
    return 2;
  }
  const listing = await listingOf(args.values);
  if (typeof listing === 'string') {
    io.stderr(`${listing}\n${USAGE}\n`);
    return 2;
  }
  const titleId = titleIdText === undefined ? undefined : Number(titleIdText);
  const dryRun = args.values['dry-run'] ?? false;
  const allDerivatives = args.values['all-derivatives'] ?? false;

  const outcomes: Outcome[] = [];
  const books: string[] = [];
  for (const target of args.positionals) {
    try {
      books.push(...(await collectBooks(target)));
    } catch (error) {
      outcomes.push({ file: target, error: (error as Error).message });
    }
  }
  for (const file of books) {
    const progress = progressLine(file, io);
    const sale = listing.saleOf(file);
    try {
      const result = await importBook(deps, file, {
        titleId,
        dryRun,
        allDerivatives,
        newBooksStopped: sale === undefined,
        newBookPrice: sale ?? listing.waitingPrice,
        onProgress: progress.update,
      });
      progress.done(`${result.action}${result.bookId ? ` book ${result.bookId}` : ''}`);
      for (const warning of result.warnings) io.stderr(`  warning: ${warning}\n`);
      outcomes.push(result);
    } catch (error) {
      // ImportErrors name the file and entry; anything else is said in one line, never as a stack.
      const message = error instanceof ImportError ? error.message : `${file}: ${(error as Error).message}`;
      progress.done('failed');
      io.stderr(`  error: ${message}\n`);
      outcomes.push({ file, error: message });
    }
  }
  if (args.values.json) io.stdout(`${JSON.stringify(outcomes.map(jsonOf), null, 2)}\n`);
  else io.stderr(summary(outcomes, dryRun));
  return outcomes.some((o) => 'error' in o) ? 1 : 0;
}

function jsonOf(o: Outcome) {
  if ('error' in o) return { file: o.file, titleId: null, bookId: null, error: o.error };
  const { file, titleId, bookId, layoutType, direction, totalPage, warnings, listed, price } = o;
  return { file, titleId, bookId, layoutType, direction, totalPage, listed, price, warnings };
}

function progressLine(file: string, io: CliIo) {
  const started = performance.now();
  const name = path.basename(file);
  let last = 0;
  let shown = '';
  const line = (done: number, total: number) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? (done / seconds).toFixed(1) : '–';
    return `${name}: ${done}/${total} pages, ${rate} pages/s`;
  };
  return {
    update: (done: number, total: number) => {
      const now = performance.now();
      if (done < total && now - last < (io.tty ? 200 : 2000)) return;
      last = now;
      shown = line(done, total);
      io.stderr(io.tty ? `\r\x1b[2K${shown}` : `${shown}\n`);
    },
    done: (what: string) => {
      const text = `${shown || name} — ${what}`;
      io.stderr(io.tty ? `\r\x1b[2K${text}\n` : `${text}\n`);
    },
  };
}

const saleOf = (o: ImportResult) => (o.listed === null ? '' : o.listed ? `on sale ${o.price} yen` : 'waiting unlisted');

function summary(outcomes: Outcome[], dryRun: boolean): string {
  const rows = outcomes.map((o) =>
    'error' in o
      ? ['failed', '', '', '', '', '', path.basename(o.file)]
      : [o.action, String(o.titleId ?? ''), String(o.bookId ?? ''), o.direction, String(o.totalPage), saleOf(o), path.basename(o.file)],
  );
  const head = ['result', 'title', 'book', 'dir', 'pages', 'store', 'file'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const failed = outcomes.filter((o) => 'error' in o).length;
  const waiting = outcomes.filter((o): o is ImportResult => !('error' in o) && o.listed === false);
  return [
    '',
    fmt(head),
    ...rows.map(fmt),
    `${outcomes.length - failed} imported${dryRun ? ' (dry run: nothing stored)' : ''}, ${failed} failed`,
    ...(waiting.length > 0
      ? [
          `${waiting.length} waiting unlisted (counted under 未公開 in the console's 作品 list; set a price and publish each at /admin/titles/<title>):`,
          ...waiting.map((o) => `  book ${o.bookId} (title ${o.titleId}) ${path.basename(o.file)}`),
        ]
      : []),
    '',
  ].join('\n');
}
