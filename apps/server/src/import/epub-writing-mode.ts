import type { BookSource } from './book-source';
import { resolveHref } from './epub-package';

export type WritingMode = 'vertical' | 'horizontal';

/** An element the document's writing mode is set on: `html`, `body` or a block wrapping the body's text. */
interface Root {
  tag: string;
  classes: string[];
  style: string;
}

const DECLARATION = /(?:^|[;{\s])(?:-epub-|-webkit-)?writing-mode\s*:\s*([a-z-]+)/gi;

function modeOf(value: string): WritingMode | null {
  const v = value.toLowerCase();
  if (v === 'vertical-rl' || v === 'vertical-lr' || v === 'tb-rl' || v === 'tb') return 'vertical';
  if (v === 'horizontal-tb' || v === 'lr-tb' || v === 'lr') return 'horizontal';
  return null;
}

/** The last writing-mode a declaration block sets, or null. */
function declared(block: string): WritingMode | null {
  let mode: WritingMode | null = null;
  for (const m of block.matchAll(DECLARATION)) mode = modeOf(m[1]!) ?? mode;
  return mode;
}

/** Whether one compound selector (`html.vrtl`, `.hltr`, `body`, `:root`, `*`) matches the element. */
function compoundMatches(compound: string, el: Root): boolean {
  const m = /^(\*|[a-z]+|:root)?((?:\.[\w-]+)*)$/i.exec(compound);
  if (!m) return false;
  const tag = m[1]?.toLowerCase();
  if (tag && tag !== '*' && !(tag === ':root' && el.tag === 'html') && tag !== el.tag) return false;
  const classes = m[2] ? m[2].slice(1).split('.') : [];
  return (tag !== undefined || classes.length > 0) && classes.every((c) => el.classes.includes(c));
}

/** A selector matching `el`: its last compound does, and any before it match its ancestors (`html.vrtl body`). */
function selectorMatches(selector: string, el: Root, ancestors: readonly Root[]): boolean {
  const parts = selector
    .trim()
    .split(/\s*>\s*|\s+/)
    .filter(Boolean);
  const last = parts.pop();
  if (!last || !compoundMatches(last, el)) return false;
  let at = ancestors.length - 1;
  for (const part of parts.reverse()) {
    while (at >= 0 && !compoundMatches(part, ancestors[at]!)) at--;
    if (at < 0) return false;
    at--;
  }
  return true;
}

/** The writing mode the style sheets give `el` (later rules win), else null. */
function fromSheets(sheets: readonly string[], el: Root, ancestors: readonly Root[]): WritingMode | null {
  let mode: WritingMode | null = null;
  for (const css of sheets) {
    const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const rule of clean.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const value = declared(rule[2]!);
      if (value && rule[1]!.split(',').some((s) => selectorMatches(s.replace(/^[\s\S]*;/, ''), el, ancestors))) mode = value;
    }
  }
  return mode;
}

function rootOf(tag: string, open: string): Root {
  const attribute = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(open)?.[1] ??
    new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, 'i').exec(open)?.[1] ??
    '';
  return { tag, classes: attribute('class').split(/\s+/).filter(Boolean), style: attribute('style') };
}

/**
 * The writing mode of an XHTML content document, as a browser would lay out its body: a
 * `writing-mode` (or `-epub-writing-mode`) in the body's or the html element's own style, else
 * in the style sheets it links and its `<style>` elements for `html`, `body`, `:root` or their
 * classes (the Japanese publishers' `html.vrtl` / `html.hltr`), or for a block that wraps the
 * body's text (its first element); the innermost says. Null when nothing says (horizontal, CSS's
 * default).
 */
export async function documentWritingMode(
  source: BookSource,
  entry: string,
  xhtml: string,
  cache: Map<string, string>,
): Promise<WritingMode | null> {
  const sheets: string[] = [];
  for (const link of xhtml.matchAll(/<link\b[^>]*>/gi)) {
    if (!/rel\s*=\s*["'][^"']*stylesheet/i.test(link[0])) continue;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(link[0])?.[1];
    const css = href ? resolveHref(entry, href) : null;
    if (!css || !source.has(css)) continue;
    if (!cache.has(css)) cache.set(css, (await source.read(css)).toString('utf8'));
    sheets.push(cache.get(css)!);
  }
  for (const style of xhtml.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) sheets.push(style[1]!);
  const html = rootOf('html', /<html\b([^>]*)>/i.exec(xhtml)?.[1] ?? '');
  const body = rootOf('body', /<body\b([^>]*)>/i.exec(xhtml)?.[1] ?? '');
  const first = /<body\b[^>]*>\s*<(div|section|main|article)\b([^>]*)>/i.exec(xhtml);
  const chain = first ? [html, body, rootOf(first[1]!.toLowerCase(), first[2]!)] : [html, body];
  for (let i = chain.length - 1; i >= 0; i--) {
    const el = chain[i]!;
    const mode = declared(el.style) ?? fromSheets(sheets, el, chain.slice(0, i));
    if (mode) return mode;
  }
  return null;
}
