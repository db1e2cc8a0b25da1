import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import { Random } from '../random';
import { figure, mountains } from './figures';
import { fitLines, textLine, textWidth } from '../../media/art/font';
import { hsl, titleHue } from './palette';
import { COVER_SIZE } from '../../media/media-spec';
import type { CoverSubject } from './subjects';

/**
 * A book cover: colour blocks in the title's hue (shifted per volume), a figure or motif by
 * page type, the title in glyph outlines, the volume number in a badge, author and publisher.
 */
export function coverSvg(s: CoverSubject): string {
  const { width: W, height: H } = COVER_SIZE;
  const rnd = Random.of(s.titleId, 3);
  const hue = titleHue(s.titleId) + (s.vol - 1) * 9;
  const dark = hsl(hue, 55, 28);
  const parts: string[] = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 65, 62)}"/><stop offset="1" stop-color="${hsl(hue + 25, 60, 40)}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<circle cx="${rnd.int(80, 400)}" cy="${rnd.int(260, 420)}" r="${rnd.int(150, 230)}" fill="${hsl(hue + 40, 70, 80)}" opacity="0.55"/>`,
    `<polygon points="0,${rnd.int(420, 520)} ${W},${rnd.int(300, 420)} ${W},${H} 0,${H}" fill="${dark}" opacity="0.6"/>`,
    motif(s, rnd, hue),
  ];
  if (s.volumes > 1) parts.push(volumeBadge(s.vol, hue));
  const credit = s.authors.join(' / ');
  if (credit) parts.push(textLine(fit(credit, 26, W - 160), 28, H - 58, 26, { fill: '#fff', stroke: dark, strokeWidth: 4 }));
  if (s.publisher) parts.push(textLine(fit(s.publisher, 18, W - 160), 28, H - 24, 18, { fill: '#fff' }));
  const label = s.layoutType === LayoutType.WEBTOON ? 'タテヨミ' : s.layoutType === LayoutType.REFLOW ? '小説' : null;
  const r18 = s.eroticType === EroticType.R18;
  parts.push(titleBlock(s.titleName, dark, label || r18 ? 72 : 36));
  if (label) parts.push(badge(label, 20, 22, '#ffffff', dark));
  if (r18) parts.push(badge('R18', W - 110, 22, '#d8143a', '#ffffff'));
  return parts.join('');
}

function motif(s: CoverSubject, rnd: Random, hue: number): string {
  const { width: W, height: H } = COVER_SIZE;
  if (s.pageType === 'business_practical') {
    return Array.from({ length: 5 }, (_, i) => {
      const h = 80 + ((i * 53 + s.titleId * 31) % 170);
      return `<rect x="${90 + i * 62}" y="${H - 120 - h}" width="44" height="${h}" fill="${hsl(hue + i * 30, 70, 85)}"/>`;
    }).join('');
  }
  if (s.pageType === 'magazine_photo' || s.eroticType === EroticType.R18) {
    return (
      mountains(rnd, 0, H - 90, W, 260, hsl(hue + 180, 30, 30)) +
      `<circle cx="${W * 0.7}" cy="${H * 0.45}" r="60" fill="#fff8e0" opacity="0.9"/>`
    );
  }
  const light = s.layoutType !== LayoutType.FIXED || s.pageType === 'female' || s.pageType === 'bl';
  return figure(rnd, W / 2 + rnd.int(-40, 40), H - 80, 1.25, {
    skin: light ? '#ffe6d5' : '#f3e2d3',
    hair: hsl(hue + 180, 45, light ? 35 : 18),
    outfit: hsl(hue + 150, 55, 45),
    line: '#221a16',
  });
}

function titleBlock(title: string, stroke: string, top: number): string {
  const { width: W } = COVER_SIZE;
  const { size, lines } = fitLines(title, [64, 58, 52, 46, 40, 34, 30], W - 70, 3);
  return lines
    .map((line, i) =>
      textLine(line, W / 2, top + size + i * size * 1.18, size, { fill: '#ffffff', stroke, strokeWidth: size / 6 }, 'middle'),
    )
    .join('');
}

function volumeBadge(vol: number, hue: number): string {
  const { width: W, height: H } = COVER_SIZE;
  const cx = W - 72;
  const cy = H - 92;
  const digits = String(vol);
  const size = digits.length > 1 ? 58 : 76;
  return (
    `<circle cx="${cx}" cy="${cy}" r="56" fill="#ffffff" stroke="${hsl(hue, 60, 30)}" stroke-width="6"/>` +
    textLine(digits, cx, cy + size * 0.36, size, { fill: hsl(hue, 60, 30) }, 'middle')
  );
}

function badge(text: string, x: number, y: number, bg: string, fg: string): string {
  const w = textWidth(text, 24) + 24;
  return `<rect x="${x}" y="${y}" width="${w}" height="38" rx="8" fill="${bg}"/>` + textLine(text, x + 12, y + 28, 24, { fill: fg });
}

function fit(text: string, size: number, max: number): string {
  let out = text;
  while (out.length > 2 && textWidth(out, size) > max) out = `${out.slice(0, -2)}…`;
  return out;
}
