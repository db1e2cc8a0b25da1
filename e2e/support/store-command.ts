import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Node with tsx's loader: the store's TypeScript runs as `npm start` runs it, in one process (the
 * `tsx` command would start a second Node to run it in, a second's start-up each time).
 */
export const TSX = ['--import', 'tsx'];

/**
 * One of the store's commands (`npm run admin`, `npm run import`, `npm run seed`: a file of
 * apps/server/src) on a data folder, as an operator runs it.
 */
export async function storeCommand(
  dataDir: string,
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string }> {
  return promisify(execFile)(process.execPath, [...TSX, path.join(root, 'apps/server/src', script), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
}
