import { cpSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The demo catalog made once per journey run instead of once per journey file.
 *
 * A store's first start generates the demo catalog (rows and a few hundred drawn images), which
 * costs tens of seconds; every journey file starts a store on a fresh data folder. So
 * `npm test --workspace e2e` runs the journeys through `with-demo-template.ts`: it makes one data
 * folder the way a first start does (migrations, then the demo catalog), names it in
 * HONDANA_E2E_DEMO_TEMPLATE for the journeys, and removes it when they end. No template outlives
 * its run, and there is no lock to take: the template is complete before any journey starts.
 *
 * `startStore()` copies the template (the SQLite file and the media folder; not the secrets, which
 * each store makes for itself) into its fresh data folder, so the store starts on a catalog that
 * is already there. The media folder's files (about 2,700, 80 MB) are hard links rather than
 * copies: the store never writes a media file in place (apps/server/src/media/media-store.ts
 * writes beside it and renames, and removes by unlinking), so a store's changes never reach the
 * template; linking costs a quarter of the copy's CPU. Without the variable (one journey file run alone with `npx tsx --test`) the
 * store generates the demo on its first start as before: one store, nothing to share.
 *
 * The demo lays its dates out around the Tokyo day of its making (new releases, sales, free
 * periods, episode releases): a template copied on a later Tokyo day would not be the catalog a
 * first start makes that day, so past the day's end `startStore()` generates afresh.
 */
export const DEMO_TEMPLATE_ENV = 'HONDANA_E2E_DEMO_TEMPLATE';

/** Written into the template by `with-demo-template.ts`: the end of the Tokyo day it was made for. */
export const TEMPLATE_INFO = 'demo-template.json';
export interface TemplateInfo {
  tokyoDayEnd: number;
}

/** Files of the template that a store must not share: its own secrets, and the template's note. */
const NOT_COPIED = ['secrets.json', TEMPLATE_INFO];

/** Copies this run's demo template into `dataDir`; false when there is none for today (then the store generates it). */
export function copyDemoTemplate(dataDir: string): boolean {
  const template = process.env[DEMO_TEMPLATE_ENV];
  if (!template) return false;
  const infoFile = path.join(template, TEMPLATE_INFO);
  if (!existsSync(infoFile)) throw new Error(`${DEMO_TEMPLATE_ENV}=${template} is not a demo template (no ${TEMPLATE_INFO})`);
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as TemplateInfo;
  if (Date.now() >= info.tokyoDayEnd) return false;
  const skipped = new Set(NOT_COPIED.map((name) => path.join(template, name)));
  cpSync(template, dataDir, { recursive: true, filter: (source) => !skipped.has(source) && source !== path.join(template, LINKED) });
  if (existsSync(path.join(template, LINKED))) linkTree(path.join(template, LINKED), path.join(dataDir, LINKED));
  return true;
}

/** The folder of the template whose files are linked, not copied (see above). */
const LINKED = 'media';

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}
