/**
 * Digits drawn as seven-segment shapes: big page numbers that need no font at all, readable at
 * thumbnail size, so a reader can check page order and direction at a glance.
 */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
  '-': 'g',
};

/** Width of one character of the given height (digits; '/' and ' ' are narrower). */
const segmentCharWidth = (char: string, height: number): number =>
  char === '/' ? height * 0.45 : char === ' ' ? height * 0.25 : height * 0.55;

export function segmentTextWidth(text: string, height: number): number {
  const gap = height * 0.14;
  return [...text].reduce((sum, c) => sum + segmentCharWidth(c, height) + gap, 0) - gap;
}

/** `text` (digits, '-', '/', ' ') with its top-left corner at (x, y). */
export function segmentText(text: string, x: number, y: number, height: number, fill: string): string {
  const gap = height * 0.14;
  const parts: string[] = [];
  let left = x;
  for (const char of text) {
    const width = segmentCharWidth(char, height);
    if (char === '/') parts.push(slash(left, y, width, height, fill));
    else if (SEGMENTS[char]) parts.push(digit(SEGMENTS[char], left, y, width, height, fill));
    left += width + gap;
  }
  return parts.join('');
}

function digit(segments: string, x: number, y: number, w: number, h: number, fill: string): string {
  const t = h * 0.13;
  const half = h / 2;
  const inset = t * 0.15;
  const horizontal = (top: number) => hexagonH(x + t / 2 + inset, top, w - t - inset * 2, t);
  const vertical = (left: number, top: number) => hexagonV(left, top + t / 2 + inset, t, half - t - inset * 2 + t / 2);
  const shapes: Record<string, string> = {
    a: horizontal(y),
    g: horizontal(y + half - t / 2),
    d: horizontal(y + h - t),
    f: vertical(x, y),
    b: vertical(x + w - t, y),
    e: vertical(x, y + half - t / 2),
    c: vertical(x + w - t, y + half - t / 2),
  };
  return [...segments].map((s) => `<polygon points="${shapes[s]}" fill="${fill}"/>`).join('');
}

/** A horizontal segment with pointed ends. */
function hexagonH(x: number, y: number, len: number, t: number): string {
  const p = t / 2;
  return pts([x, y + p], [x + p, y], [x + len - p, y], [x + len, y + p], [x + len - p, y + t], [x + p, y + t]);
}

/** A vertical segment with pointed ends. */
function hexagonV(x: number, y: number, t: number, len: number): string {
  const p = t / 2;
  return pts([x + p, y], [x + t, y + p], [x + t, y + len - p], [x + p, y + len], [x, y + len - p], [x, y + p]);
}

function slash(x: number, y: number, w: number, h: number, fill: string): string {
  const t = h * 0.12;
  return `<polygon points="${pts([x + w - t, y], [x + w, y], [x + t, y + h], [x, y + h])}" fill="${fill}"/>`;
}

const pts = (...points: [number, number][]) => points.map(([a, b]) => `${Math.round(a * 10) / 10},${Math.round(b * 10) / 10}`).join(' ');
