import { textLine, textWidth } from '../../media/art/font';
import { hsl, titleHue } from './palette';
import { segmentText, segmentTextWidth } from '../../media/art/seven-segment';
import type { PageSubject } from './subjects';

/**
 * What every page shows so that a reader can verify order and direction: a header with the
 * book's name and an arrow in its reading direction, and a large page number ("7 / 20", 1-based).
 */
export const HEADER_HEIGHT = 104;
export const FOOTER_HEIGHT = 210;

export function pageHeader(s: PageSubject): string {
  const hue = titleHue(s.titleId);
  const w = s.width;
  const size = 40;
  let heading = s.heading;
  while (heading.length > 4 && textWidth(heading, size) > w - 300) heading = `${heading.slice(0, -2)}…`;
  const rtl = s.direction === 'rtl';
  const arrow = directionArrow(rtl ? 70 : w - 70, HEADER_HEIGHT / 2, rtl);
  const label = textLine(
    rtl ? 'よむ方向' : 'よむ方向',
    rtl ? 120 : w - 120,
    HEADER_HEIGHT / 2 + 10,
    24,
    { fill: '#333' },
    rtl ? 'start' : 'end',
  );
  const title = textLine(heading, rtl ? w - 36 : 36, HEADER_HEIGHT / 2 + 15, size, { fill: '#111' }, rtl ? 'end' : 'start');
  return (
    `<rect width="${w}" height="${HEADER_HEIGHT}" fill="${hsl(hue, 55, 86)}"/>` +
    `<rect y="${HEADER_HEIGHT - 8}" width="${w}" height="8" fill="${hsl(hue, 60, 45)}"/>` +
    arrow +
    label +
    title
  );
}

/** An arrow pointing left (rtl) or right (ltr), centred on (cx, cy). */
function directionArrow(cx: number, cy: number, pointsLeft: boolean): string {
  const s = pointsLeft ? -1 : 1;
  const pts = [
    [cx + s * 40, cy],
    [cx + s * 5, cy - 30],
    [cx + s * 5, cy - 12],
    [cx - s * 40, cy - 12],
    [cx - s * 40, cy + 12],
    [cx + s * 5, cy + 12],
    [cx + s * 5, cy + 30],
  ];
  return `<polygon points="${pts.map(([x, y]) => `${x},${y}`).join(' ')}" fill="#111"/>`;
}

export function pageNumber(s: PageSubject, top: number): string {
  const big = String(s.page + 1);
  const small = ` / ${s.pageCount}`;
  const bigH = 128;
  const smallH = 56;
  const width = segmentTextWidth(big, bigH) + segmentTextWidth(small, smallH) + 20;
  const boxW = width + 80;
  const boxH = bigH + 44;
  const x = (s.width - boxW) / 2;
  const y = top + (FOOTER_HEIGHT - boxH) / 2;
  const left = x + 40;
  return (
    `<rect x="${x}" y="${y}" width="${boxW}" height="${boxH}" rx="18" fill="#fff" stroke="#111" stroke-width="6"/>` +
    segmentText(big, left, y + 22, bigH, '#111') +
    segmentText(small, left + segmentTextWidth(big, bigH) + 20, y + 22 + bigH - smallH, smallH, hsl(titleHue(s.titleId), 60, 35))
  );
}
