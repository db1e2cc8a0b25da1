import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublisherBooks, writePublisherBooks } from './support/import-fixtures';
import { testDialect } from './support/test-database';

/**
 * The publisher-shaped books the import tests and journeys read are valid EPUB as publishers make
 * it: Debian's `epubcheck` (a Java archive; `.ci/run` installs it) finds no error and no warning
 * in any of them. Skipped where it is not installed; run once (on SQLite's run): it reads no database.
 */
const EPUBCHECK = '/usr/bin/epubcheck';
const run = existsSync(EPUBCHECK) && testDialect === 'sqlite';

let dir: string;
let books: PublisherBooks;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hondana-epubcheck-'));
  books = await writePublisherBooks(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** epubcheck's verdict on one file: its exit code and the messages it printed. */
async function epubcheck(file: string): Promise<{ ok: boolean; messages: string }> {
  try {
    // The package's /usr/bin/epubcheck is the jar itself (run through binfmt where that is set up).
    // The client compiler only and the serial collector: a third of the CPU of Java's defaults
    // for a run this short (about 4 s instead of 10 s of CPU per book).
    const java = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', EPUBCHECK, '--failonwarnings', file];
    const { stdout, stderr } = await promisify(execFile)('java', java, { timeout: 120_000 });
    return { ok: true, messages: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, messages: `${e.stdout ?? ''}${e.stderr ?? e.message}` };
  }
}

describe.runIf(run)('the publisher-shaped test books pass epubcheck', () => {
  it('every one, without an error or a warning', async () => {
    const files = Object.entries(books);
    const verdicts: [string, { ok: boolean; messages: string }][] = [];
    // Two at a time: each is a Java process of several seconds.
    for (let i = 0; i < files.length; i += 2) {
      const pair = files.slice(i, i + 2);
      verdicts.push(
        ...(await Promise.all(
          pair.map(async ([kind, file]) => [kind, await epubcheck(file)] as [string, { ok: boolean; messages: string }]),
        )),
      );
    }
    const failed = verdicts.filter(([, v]) => !v.ok || !/No errors or warnings detected/.test(v.messages));
    expect(failed.map(([kind, v]) => `${kind}: ${v.messages}`)).toEqual([]);
    expect(verdicts.map(([kind]) => kind).sort()).toEqual([
      'epub2',
      'manga',
      'mangaNoSpreads',
      'namedNovel',
      'pictureScroll',
      'techText',
      'webtoon',
    ]);
  }, 300_000);
});
