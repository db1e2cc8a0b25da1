#!/usr/bin/env node
// Bookshelf rows: `GET /api/user_books/me` for a member with 5,000 books on the bench
// dataset (bench/dataset.ts, 1,000 titles of 10 volumes here). Target: p99 ≤ 20 ms at 10
// connections. `node bench/bookshelf.mjs` runs them alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMain, measure, printTable, root, run, signUpMember, startStore } from './harness.mjs';

const BOOKS = 5_000;

/** Rows for the bench table, on a store of their own (SQLite, a fresh data folder). */
export async function bookshelfRows(measureRow = measure) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-shelf-'));
  const store = { stop() {} };
  try {
    await run([path.join(root, 'bench/dataset.ts'), dataDir, '1000', '10'], {});
    Object.assign(store, await startStore({ DATA_DIR: dataDir, DATABASE_URL: '', HONDANA_WEB: 'false' }));
    const cookie = await signUpMember(store.url, 'shelf');
    const status = await (await fetch(`${store.url}/api/common/get_status`, { headers: { cookie } })).json();
    const { output } = await run([path.join(root, 'bench/bookshelf-setup.ts'), dataDir, String(status.userId), String(BOOKS)], {});
    const setup = JSON.parse(/SETUP (\{.*\})/.exec(output)[1]);
    if (setup.books !== BOOKS) throw new Error(`the member holds ${setup.books} books, not ${BOOKS}`);
    const shelf = (query) => `${store.url}/api/user_books/me${query}`;
    const headers = { cookie };
    return [
      // The control: a member's smallest call on the same store, to read the shelf's figures against the machine's load.
      await measureRow('GET /api/common/get_status (member, same store: control)', `${store.url}/api/common/get_status`, { headers }),
      await measureRow(`GET /api/user_books/me (bookshelf, ${BOOKS} books, purchase date; target p99 ≤ 20)`, shelf(''), { headers }),
      await measureRow(
        `GET /api/user_books/me?sort=LAST_READ&offset=240 (bookshelf, ${BOOKS} books, last read, page 11)`,
        shelf('?sort=LAST_READ&offset=240'),
        { headers },
      ),
      await measureRow(
        `GET /api/user_books/me?sort=AUTHOR&word=しんかい (bookshelf, ${BOOKS} books, keyword)`,
        shelf(`?sort=AUTHOR&word=${encodeURIComponent('しんかい')}`),
        { headers },
      ),
    ];
  } finally {
    store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printTable(await bookshelfRows());
