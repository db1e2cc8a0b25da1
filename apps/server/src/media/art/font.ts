import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype, { type Font, type PathCommand } from 'opentype.js';

/**
 * Japanese text drawn as glyph outlines, so that images never depend on system fonts (the
 * machines that render them have none). The font is Dela Gothic One (SIL OFL), shipped as a
 * TTF inside the npm package `@expo-google-fonts/dela-gothic-one`; opentype.js turns text into
 * SVG path data. Paths are cached per text and size and placed with a transform.
 */
const FONT_PACKAGE = '@expo-google-fonts/dela-gothic-one';
const FONT_FILE = '400Regular/DelaGothicOne_400Regular.ttf';

let loaded: Font | undefined;

export function font(): Font {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`)), FONT_FILE);
    const bytes = readFileSync(file);
    loaded = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }
  return loaded;
}

const cache = new Map<string, { d: string; width: number }>();

/** Path data of `text` with its baseline at y = 0 and its start at x = 0, and its advance width. */
function glyphRun(text: string, size: number): { d: string; width: number } {
  const key = `${size}|${text}`;
  let run = cache.get(key);
  if (!run) {
    run = { d: pathData(font().getPath(text, 0, 0, size).commands), width: font().getAdvanceWidth(text, size) };
    if (cache.size > 5000) cache.clear();
    cache.set(key, run);
  }
  return run;
}

export type Anchor = 'start' | 'middle' | 'end';

interface TextStyle {
  fill: string;
  stroke?: string;
  strokeWidth?: number;
}

const styleAttrs = (s: TextStyle) =>
  `fill="${s.fill}"${s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.strokeWidth ?? 4}" stroke-linejoin="round" paint-order="stroke"` : ''}`;

/** One line of horizontal text as an SVG path element. */
export function textLine(text: string, x: number, baseline: number, size: number, style: TextStyle, anchor: Anchor = 'start'): string {
  const run = glyphRun(text, size);
  const left = anchor === 'start' ? x : anchor === 'middle' ? x - run.width / 2 : x - run.width;
  return `<path transform="translate(${r(left)} ${r(baseline)})" d="${run.d}" ${styleAttrs(style)}/>`;
}

const widths = new Map<string, number>();

/** Advance width of `text` (no outlines: wrapping measures many candidate lines). */
export function textWidth(text: string, size: number): number {
  const key = `${size}|${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = font().getAdvanceWidth(text, size);
    if (widths.size > 20000) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/** Characters that may not start a line (kinsoku). */
const noLineStart = new Set([...'、。，．）」』】〕！？ー…〜ぁぃぅぇぉっゃゅょァィゥェォッャュョ・：；']);

/** Breaks Japanese text into lines no wider than `maxWidth`, anywhere but before closing marks. */
export function wrapText(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line !== '' && textWidth(line + char, size) > maxWidth && !noLineStart.has(char)) {
      lines.push(line);
      line = char === ' ' || char === '　' ? '' : char;
    } else line += char;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest of `sizes` at which `text` fits in `maxLines` lines of `maxWidth`, with the lines
 * balanced (a title of 13 characters breaks 7 + 6, not 12 + 1). Falls back to the smallest size.
 */
export function fitLines(text: string, sizes: readonly number[], maxWidth: number, maxLines: number): { size: number; lines: string[] } {
  let best = { size: sizes[sizes.length - 1]!, lines: [text] };
  for (const size of sizes) {
    for (let n = 1; n <= maxLines; n++) {
      const target = Math.min(maxWidth, textWidth(text, size) / n + size * 0.6);
      const lines = wrapText(text, size, target);
      if (lines.length <= n && lines.every((l) => textWidth(l, size) <= maxWidth)) return { size, lines };
      best = { size, lines: wrapText(text, size, maxWidth) };
    }
  }
  return best;
}

/** Characters drawn turned by 90° in vertical writing. */
const rotateInVertical = new Set([...'ー…〜―－（）「」『』【】〔〕：；=～-']);
/** Small marks that sit in the upper right of their cell in vertical writing. */
const shiftInVertical = new Set([...'、。，．']);

/**
 * Vertical (tategaki) text in one column whose centre is `cx`, starting at `top`, as one path.
 * Returns the column's height.
 */
export function verticalText(text: string, cx: number, top: number, size: number, style: TextStyle): { svg: string; height: number } {
  const parts: string[] = [];
  let y = top;
  for (const char of text) {
    const { d, width } = glyphRun(char, size);
    const baseline = y + size * 0.88;
    if (rotateInVertical.has(char)) {
      const rotated = rotatePath(font().getPath(char, 0, 0, size).commands, width / 2, -size * 0.38);
      parts.push(`<path transform="translate(${r(cx)} ${r(y + size / 2)})" d="${rotated}" ${styleAttrs(style)}/>`);
    } else if (shiftInVertical.has(char)) {
      parts.push(
        `<path transform="translate(${r(cx - width / 2 + size * 0.6)} ${r(baseline - size * 0.6)})" d="${d}" ${styleAttrs(style)}/>`,
      );
    } else {
      parts.push(`<path transform="translate(${r(cx - width / 2)} ${r(baseline)})" d="${d}" ${styleAttrs(style)}/>`);
    }
    y += size;
  }
  return { svg: parts.join(''), height: y - top };
}

/**
 * SVG path data with one decimal, optionally through a point mapping (opentype.js's own
 * `toPathData` can emit NaN for tiny fractions, so it is not used).
 */
function pathData(commands: PathCommand[], map: (x: number, y: number) => [number, number] = (x, y) => [x, y]): string {
  const p = (x: number | undefined, y: number | undefined) => {
    const [mx, my] = map(x ?? 0, y ?? 0);
    return `${r(mx)} ${r(my)}`;
  };
  return commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${p(c.x, c.y)}`;
        case 'Q':
          return `Q${p(c.x1, c.y1)} ${p(c.x, c.y)}`;
        case 'C':
          return `C${p(c.x1, c.y1)} ${p(c.x2, c.y2)} ${p(c.x, c.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

/** Glyph commands turned 90° clockwise about (ox, oy) and re-centred on (0, 0). */
const rotatePath = (commands: PathCommand[], ox: number, oy: number): string => pathData(commands, (x, y) => [-(y - oy), x - ox]);

const r = (n: number) => Math.round(n * 10) / 10;
