import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

/**
 * An online backup of the store's SQLite file with SQLite's backup API (better-sqlite3's
 * `backup`): a consistent copy taken page by page while the store keeps serving and writing.
 * Written to `target.partial` first and renamed, so `target` is always a whole database.
 */
export async function backupSqlite(dataDir: string, target: string, onProgress?: (percent: number) => void): Promise<BackupResult> {
  const source = path.join(dataDir, 'hondana.db');
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source} (is DATA_DIR right?)`);
  const file = path.resolve(target);
  if (existsSync(file)) throw new Error(`${file} exists: choose a new file name`);
  const partial = `${file}.partial`;
  const started = Date.now();
  const nativeBinding = process.env.BETTER_SQLITE3_BINDING;
  const db = new SQLite(source, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, {
      progress({ totalPages, remainingPages }) {
        onProgress?.(Math.round(((totalPages - remainingPages) / Math.max(1, totalPages)) * 100));
        return 1000; // pages per step: the store's writes get turns between steps
      },
    });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const check = new SQLite(partial, { readonly: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the copy failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, ms: Date.now() - started };
}
