import { ja } from './ja';

/**
 * Copy lookup for the store pages. The resources use i18next's format (nested keys,
 * `{{name}}` interpolation) so i18next can take over when a second language arrives; until
 * then this ~0.5 kB lookup replaces its ~20 kB (gzip) runtime, which the page JS budget
 * (≤120 kB gzip) cannot afford next to React and React Router.
 */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type CopyKey = KeyPaths<typeof ja>;
export type CopyVars = Record<string, string | number>;

function lookup(key: CopyKey): string {
  let node: unknown = ja;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/** The Japanese copy at `key`, with `{{name}}` replaced from `vars` (React escapes the result). */
function t(key: CopyKey, vars?: CopyVars): string {
  const template = lookup(key);
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

/** For code outside components: route `meta`, loaders and actions. */
export const i18n = { language: 'ja', t } as const;

/** Components read copy through this hook (same shape as react-i18next's). */
export function useTranslation() {
  return i18n;
}
