import { Random } from '../random';
import { SERIAL_SIZE } from '../../media/media-spec';
import { figure } from './figures';
import { fitLines, textLine } from '../../media/art/font';
import type { SerialSubject } from './subjects';

/**
 * A serial's key visual (§9: 522×327): theme colours, a figure, the serial's name and a 連載 badge.
 * Nothing that changes as episodes are added (the image is kept a day under one URL): the page
 * beside it says how many episodes there are.
 */
export function serialSvg(s: SerialSubject): string {
  const { width: W, height: H } = SERIAL_SIZE;
  const rnd = Random.of(s.serialId, 5);
  const { size, lines } = fitLines(s.name, [40, 34, 30, 26], W * 0.6, 3);
  return [
    `<rect width="${W}" height="${H}" fill="${s.themeColor}"/>`,
    `<circle cx="${W * 0.78}" cy="${H * 0.55}" r="${H * 0.5}" fill="${s.subColor}"/>`,
    `<g>${figure(rnd, W * 0.78, H + 10, 0.95, { skin: '#ffe6d5', hair: '#2d2430', outfit: s.themeColor, line: '#1b1616' })}</g>`,
    `<rect x="22" y="22" width="86" height="40" rx="8" fill="#ffffff"/>`,
    textLine('連載', 65, 52, 26, { fill: s.themeColor }, 'middle'),
    ...lines.map((line, i) =>
      textLine(line, 24, 100 + size + i * size * 1.25, size, { fill: '#ffffff', stroke: '#1b1616', strokeWidth: 6 }),
    ),
  ].join('');
}
