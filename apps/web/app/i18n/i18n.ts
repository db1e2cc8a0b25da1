import { ja } from './ja';

/**
 * Copy lookup for the store pages. The resources use i18next's format (nested keys,
 * `{{name}}` interpolation) so i18next can take over when a second language arrives; until
 * then this ~0.5 kB lookup replaces its ~20 kB (gzip) runtime, which the page JS budget
 * (≤120 kB gzip) cannot afford next to React and React Router.
 *
 * `ja` holds the copy every page may render. An area whose copy only its own pages render
 * (the viewer, serials, reviews, notices, accounts) keeps it in `ja-<area>.ts`, which registers it under
 * its key when the area's code loads, so it ships in that area's chunks only (decision 008).
 */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Filled by each `ja-<area>.ts` through declaration merging: `interface AreaCopy { viewer: … }`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented per area
export interface AreaCopy {}

export type CopyKey = KeyPaths<typeof ja & AreaCopy>;
type CopyVars = Record<string, string | number>;

const resources: Record<string, unknown> = { ...ja };
/** `t`'s keys already looked up (a page render asks for the same few dozen many times). */
const found = new Map<string, string>();

/** Makes an area's copy readable through `t('<area>.…')`; call it at the top level of `ja-<area>.ts`. */
export function registerCopy<Area extends keyof AreaCopy>(area: Area, copy: AreaCopy[Area]): void {
  resources[area] = copy;
  found.clear();
}

function lookup(root: unknown, key: string): string {
  let node = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** A template cut at its `{{name}}` placeholders: literal text, then placeholder and text in turns. */
type Compiled = { texts: string[]; names: string[]; raws: string[] };
const compiled = new Map<string, Compiled>();

function compile(template: string): Compiled {
  const parts: Compiled = { texts: [], names: [], raws: [] };
  let last = 0;
  for (const match of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    parts.texts.push(template.slice(last, match.index));
    parts.names.push(match[1]!);
    parts.raws.push(match[0]);
    last = match.index + match[0].length;
  }
  parts.texts.push(template.slice(last));
  return parts;
}

/** `{{name}}` replaced from `vars`; a placeholder without a value stays as written. */
function interpolate(template: string, vars?: CopyVars): string {
  if (!vars || !template.includes('{{')) return template;
  let parts = compiled.get(template);
  if (!parts) compiled.set(template, (parts = compile(template)));
  let text = parts.texts[0]!;
  for (let i = 0; i < parts.names.length; i++) {
    const name = parts.names[i]!;
    text += (Object.hasOwn(vars, name) ? String(vars[name]) : parts.raws[i]!) + parts.texts[i + 1]!;
  }
  return text;
}

/** The Japanese copy at `key`, with `{{name}}` replaced from `vars` (React escapes the result). */
function t(key: CopyKey, vars?: CopyVars): string {
  let template = found.get(key);
  if (template === undefined) found.set(key, (template = lookup(resources, key)));
  return interpolate(template, vars);
}

/** A lookup over one resource of its own, for copy read outside `t` (the wallet's and cart's pages). */
export function copyLookup<T>(resource: T): (key: KeyPaths<T>, vars?: CopyVars) => string {
  return (key, vars) => interpolate(lookup(resource, key), vars);
}

/** For code outside components: route `meta`, loaders and actions. */
export const i18n = { language: 'ja', t } as const;

/** Components read copy through this hook (same shape as react-i18next's). */
export function useTranslation() {
  return i18n;
}
