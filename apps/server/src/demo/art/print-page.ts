import { Random } from '../random';
import { figure, mangaColors, mountains } from './figures';
import { textLine, wrapText } from '../../media/art/font';
import { FOOTER_HEIGHT, HEADER_HEIGHT, pageHeader, pageNumber } from './page-frame';
import { hsl, titleHue } from './palette';
import type { PageSubject } from './subjects';

const seasons = [
  { sky: ['#fde2ea', '#fff6f8'], land: '#e58fb0', name: '春' },
  { sky: ['#9fd8f5', '#e8f7ff'], land: '#3f9f5a', name: '夏' },
  { sky: ['#f6c89a', '#fff1e0'], land: '#c4572c', name: '秋' },
  { sky: ['#c9d6e3', '#f6f9fc'], land: '#7f93a8', name: '冬' },
];

/** Genre of photo books (§9 genre ids 11–17 read left to right; see demo-people). */
const PHOTO_BOOK_GENRE = 14;

/** Left-to-right print pages: magazines and practical books (text columns, charts) and photo books. */
export function printPageSvg(s: PageSubject): string {
  const rnd = Random.of(s.seed, s.page, 13);
  const top = HEADER_HEIGHT + 24;
  const bottom = s.height - FOOTER_HEIGHT;
  const photoBook = s.genreId === PHOTO_BOOK_GENRE;
  const body = photoBook ? photo(s, rnd, top, bottom) : article(s, rnd, top, bottom);
  return `<rect width="${s.width}" height="${s.height}" fill="#ffffff"/>` + body + pageHeader(s) + pageNumber(s, bottom);
}

function photo(s: PageSubject, rnd: Random, top: number, bottom: number): string {
  const season = seasons[Math.floor((s.page / s.pageCount) * 4) % 4]!;
  const x = 40;
  const w = s.width - 80;
  const h = bottom - top - 20;
  const id = `sky${s.page}`;
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${season.sky[0]}"/><stop offset="1" stop-color="${season.sky[1]}"/></linearGradient></defs>` +
    `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="url(#${id})"/>` +
    `<circle cx="${x + w * rnd.range(0.2, 0.8)}" cy="${top + h * 0.25}" r="${rnd.int(50, 90)}" fill="#ffffff" opacity="0.8"/>` +
    mountains(rnd, x, top + h, w, h * 0.55, hsl(0, 0, 55)) +
    mountains(rnd, x, top + h, w, h * 0.35, season.land) +
    textLine(season.name, x + 40, top + 150, 120, { fill: '#fff', stroke: '#333', strokeWidth: 6 })
  );
}

function article(s: PageSubject, rnd: Random, top: number, bottom: number): string {
  const hue = titleHue(s.titleId);
  const parts: string[] = [];
  const heading = rnd.pick(['今週の特集', 'はじめに', 'ポイント解説', '実践してみよう', 'インタビュー', 'まとめ', 'コラム']);
  parts.push(`<rect x="40" y="${top}" width="${s.width - 80}" height="110" fill="${hsl(hue, 60, 45)}"/>`);
  parts.push(textLine(heading, 70, top + 78, 64, { fill: '#fff' }));
  const y = top + 150;
  const columns = 2;
  const colW = (s.width - 80 - 40) / columns;
  const boxTop = y + rnd.int(2, 6) * 44;
  const boxH = 330;
  for (let c = 0; c < columns; c++) {
    const x = 40 + c * (colW + 40);
    for (let ly = y; ly < bottom - 30; ly += 44) {
      if (c === 1 && ly >= boxTop - 20 && ly < boxTop + boxH + 10) continue;
      const w = rnd.chance(0.12) ? colW * rnd.range(0.3, 0.8) : colW;
      parts.push(`<rect x="${x}" y="${ly}" width="${Math.round(w)}" height="18" rx="4" fill="#c9c9c9"/>`);
    }
  }
  const boxX = 40 + colW + 40;
  if (s.pageType === 'business_practical' && rnd.chance(0.6)) {
    parts.push(`<rect x="${boxX}" y="${boxTop}" width="${colW}" height="${boxH}" fill="#f3f3f3" stroke="#999" stroke-width="3"/>`);
    const bars = 5;
    for (let i = 0; i < bars; i++) {
      const bh = rnd.range(0.2, 0.9) * (boxH - 60);
      parts.push(
        `<rect x="${boxX + 30 + i * ((colW - 60) / bars)}" y="${boxTop + boxH - 30 - bh}" width="${(colW - 60) / bars - 16}" height="${bh}" fill="${hsl(hue + i * 25, 60, 55)}"/>`,
      );
    }
  } else {
    parts.push(`<rect x="${boxX}" y="${boxTop}" width="${colW}" height="${boxH}" fill="${hsl(hue, 40, 85)}"/>`);
    parts.push(`<clipPath id="ph${s.page}"><rect x="${boxX}" y="${boxTop}" width="${colW}" height="${boxH}"/></clipPath>`);
    parts.push(
      `<g clip-path="url(#ph${s.page})">${figure(rnd, boxX + colW / 2, boxTop + boxH + 10, 1.0, { ...mangaColors, outfit: hsl(hue, 50, 50), hair: '#4a3528' })}</g>`,
    );
  }
  const caption = wrapText(s.titleName, 30, colW)[0] ?? '';
  parts.push(textLine(caption, boxX, boxTop + boxH + 40, 30, { fill: '#444' }));
  return parts.join('');
}
