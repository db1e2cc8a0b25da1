import { balloonLines } from '../demo-prose';
import { Random } from '../random';
import { figure, skyline } from './figures';
import { textLine, textWidth } from '../../media/art/font';
import { FOOTER_HEIGHT, HEADER_HEIGHT, pageHeader, pageNumber } from './page-frame';
import { hsl, titleHue } from './palette';
import type { PageSubject } from './subjects';

/** One tall segment of a full-colour webtoon strip: panels stacked top to bottom with wide gaps. */
export function webtoonSegmentSvg(s: PageSubject): string {
  const rnd = Random.of(s.seed, s.page, 17);
  const hue = titleHue(s.titleId) + s.page * 12;
  const top = HEADER_HEIGHT + 60;
  const bottom = s.height - FOOTER_HEIGHT - 40;
  const count = rnd.int(2, 3);
  const gap = 120;
  const panelH = (bottom - top - gap * (count - 1)) / count;
  const parts: string[] = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 40, 96)}"/><stop offset="1" stop-color="${hsl(hue + 40, 45, 88)}"/></linearGradient></defs>`,
    `<rect width="${s.width}" height="${s.height}" fill="url(#bg)"/>`,
  ];
  for (let i = 0; i < count; i++) {
    const y = top + i * (panelH + gap);
    const inset = rnd.chance(0.3) ? 0 : 70;
    const x = inset;
    const w = s.width - inset * 2;
    const id = `w${i}`;
    const sky = hsl(hue + rnd.int(-30, 30), 65, rnd.chance(0.3) ? 30 : 75);
    parts.push(`<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${panelH}" rx="${inset ? 12 : 0}"/></clipPath>`);
    parts.push(
      `<g clip-path="url(#${id})"><rect x="${x}" y="${y}" width="${w}" height="${panelH}" fill="${sky}"/>` +
        skyline(rnd, x, y + panelH, w, panelH * 0.45, hsl(hue + 180, 25, 30), '#ffe9a8') +
        figure(rnd, x + w * rnd.range(0.3, 0.7), y + panelH + 20, panelH / 420, {
          skin: '#ffe3cf',
          hair: hsl(hue + 200, 55, 30),
          outfit: hsl(hue + 120, 55, 50),
          line: '#2a1f1a',
        }) +
        '</g>',
    );
    if (i < count - 1 && rnd.chance(0.85)) parts.push(horizontalBalloon(rnd, x + w * rnd.range(0.25, 0.75), y + panelH + gap / 2));
  }
  return parts.join('') + pageHeader(s) + pageNumber(s, s.height - FOOTER_HEIGHT);
}

/** Webtoons letter horizontally: a rounded balloon overlapping the gap between panels. */
function horizontalBalloon(rnd: Random, cx: number, cy: number): string {
  const line = rnd.pick(balloonLines);
  const size = 46;
  const w = textWidth(line, size) + 90;
  const h = 110;
  const x = Math.max(20, Math.min(1080 - w - 20, cx - w / 2));
  return (
    `<rect x="${x}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="#fff" stroke="#2a1f1a" stroke-width="5"/>` +
    textLine(line, x + w / 2, cy + size * 0.36, size, { fill: '#2a1f1a' }, 'middle')
  );
}
