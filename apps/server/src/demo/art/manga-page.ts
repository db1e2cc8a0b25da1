import { balloonLines, soundEffects } from '../demo-prose';
import { Random } from '../random';
import { figure, mangaColors, mountains, skyline, speedLines, balloon } from './figures';
import { fitLines, textLine, verticalText } from '../../media/art/font';
import { FOOTER_HEIGHT, HEADER_HEIGHT, pageHeader, pageNumber } from './page-frame';
import { hsl, titleHue } from './palette';
import type { PageSubject } from './subjects';

interface Panel {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MARGIN = 44;
const GUTTER = 18;

/** A black-and-white manga page: panels with characters, scenery and balloons; page 0 is the title page. */
export function mangaPageSvg(s: PageSubject): string {
  const rnd = Random.of(s.seed, s.page, 11);
  const top = HEADER_HEIGHT + 20;
  const bottom = s.height - FOOTER_HEIGHT;
  const body = s.page === 0 ? titlePage(s, rnd, top, bottom) : panels(s, rnd, top, bottom);
  return `<rect width="${s.width}" height="${s.height}" fill="#fbfaf6"/>` + body + pageHeader(s) + pageNumber(s, bottom);
}

function titlePage(s: PageSubject, rnd: Random, top: number, bottom: number): string {
  const hue = titleHue(s.titleId);
  const { size, lines } = fitLines(s.titleName, [96, 84, 72, 60], s.width - 2 * MARGIN - 60, 3);
  const text = lines
    .map((line, i) =>
      textLine(line, s.width / 2, top + 40 + size + i * size * 1.2, size, { fill: '#111', stroke: '#fff', strokeWidth: 10 }, 'middle'),
    )
    .join('');
  return (
    `<rect x="${MARGIN}" y="${top}" width="${s.width - 2 * MARGIN}" height="${bottom - top - 10}" fill="${hsl(hue, 30, 80)}" stroke="#111" stroke-width="6"/>` +
    speedLines(rnd, s.width / 2, (top + bottom) / 2 + 120, s.height, 90, '#ffffff') +
    figure(rnd, s.width / 2, bottom - 14, 2.2, { ...mangaColors, outfit: hsl(hue, 25, 55) }) +
    text +
    textLine(s.author, s.width / 2, bottom - 40, 44, { fill: '#fff', stroke: '#111', strokeWidth: 8 }, 'middle')
  );
}

function panels(s: PageSubject, rnd: Random, top: number, bottom: number): string {
  const layout = panelLayout(rnd, s.width, top, bottom, s.direction === 'rtl');
  const parts: string[] = [];
  const balloons = new Set(rnd.shuffle(layout.map((_, i) => i)).slice(0, rnd.int(1, 3)));
  layout.forEach((panel, i) => {
    const id = `p${i}`;
    parts.push(`<clipPath id="${id}"><rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}"/></clipPath>`);
    parts.push(`<g clip-path="url(#${id})">${panelContent(rnd, panel)}</g>`);
    parts.push(`<rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" fill="none" stroke="#111" stroke-width="6"/>`);
    if (balloons.has(i)) parts.push(panelBalloon(rnd, panel));
  });
  return parts.join('');
}

/** Rows of one to three panels; in a right-to-left book a row's first panel is on the right. */
function panelLayout(rnd: Random, width: number, top: number, bottom: number, rtl: boolean): Panel[] {
  const rows = rnd.int(3, 4);
  const weights = Array.from({ length: rows }, () => rnd.range(0.7, 1.3));
  const total = weights.reduce((a, b) => a + b, 0);
  const available = bottom - top - GUTTER * (rows - 1) - 10;
  const out: Panel[] = [];
  let y = top;
  for (const weight of weights) {
    const h = Math.round((available * weight) / total);
    const cols = rnd.weighted([2, 5, 2]) + 1;
    const colWeights = Array.from({ length: cols }, () => rnd.range(0.6, 1.4));
    const colTotal = colWeights.reduce((a, b) => a + b, 0);
    const rowWidth = width - 2 * MARGIN - GUTTER * (cols - 1);
    const row: Panel[] = [];
    let x = MARGIN;
    for (const cw of colWeights) {
      const w = Math.round((rowWidth * cw) / colTotal);
      row.push({ x, y, w, h });
      x += w + GUTTER;
    }
    out.push(...(rtl ? row.reverse() : row));
    y += h + GUTTER;
  }
  return out;
}

function panelContent(rnd: Random, p: Panel): string {
  const kind = rnd.weighted([5, 2, 2, 1]);
  const cx = p.x + p.w * rnd.range(0.3, 0.7);
  const bottom = p.y + p.h;
  const scale = Math.min(p.h / 330, p.w / 260) * rnd.range(0.8, 1.1);
  if (kind === 0) {
    const tone = rnd.pick(['#ffffff', '#ececec', '#dcdcdc']);
    return `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${tone}"/>` + figure(rnd, cx, bottom + 10, scale, mangaColors);
  }
  if (kind === 1) {
    const night = rnd.chance(0.4);
    return (
      `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${night ? '#3a3a3a' : '#f4f4f4'}"/>` +
      `<circle cx="${p.x + p.w * 0.75}" cy="${p.y + p.h * 0.3}" r="${Math.min(p.w, p.h) * 0.14}" fill="${night ? '#f6f6f6' : '#cfcfcf'}"/>` +
      (rnd.chance(0.5)
        ? mountains(rnd, p.x, bottom, p.w, p.h * 0.55, night ? '#1d1d1d' : '#9d9d9d')
        : skyline(rnd, p.x, bottom, p.w, p.h * 0.7, night ? '#1d1d1d' : '#8a8a8a', night ? '#f0e6b0' : '#d8d8d8'))
    );
  }
  if (kind === 2) {
    const sfx = rnd.pick(soundEffects);
    return (
      `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="#fff"/>` +
      speedLines(rnd, cx, p.y + p.h / 2, Math.hypot(p.w, p.h), 70, '#222') +
      figure(rnd, cx, bottom + 10, scale * 0.9, mangaColors) +
      `<g transform="rotate(${rnd.int(-12, 12)} ${p.x + p.w / 2} ${p.y + p.h / 2})">${textLine(sfx, p.x + p.w / 2, p.y + p.h * 0.42, Math.min(120, p.w / (sfx.length + 0.5)), { fill: '#111', stroke: '#fff', strokeWidth: 10 }, 'middle')}</g>`
    );
  }
  const eyeW = Math.min(p.w * 0.3, 160);
  const eye = (ex: number) =>
    `<path d="M${ex - eyeW / 2} ${p.y + p.h / 2} Q${ex} ${p.y + p.h / 2 - eyeW * 0.55} ${ex + eyeW / 2} ${p.y + p.h / 2} Q${ex} ${p.y + p.h / 2 + eyeW * 0.45} ${ex - eyeW / 2} ${p.y + p.h / 2}Z" fill="#fff" stroke="#111" stroke-width="6"/>` +
    `<circle cx="${ex}" cy="${p.y + p.h / 2}" r="${eyeW * 0.2}" fill="#111"/><circle cx="${ex + eyeW * 0.06}" cy="${p.y + p.h / 2 - eyeW * 0.07}" r="${eyeW * 0.06}" fill="#fff"/>`;
  return `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="#e2e2e2"/>` + eye(p.x + p.w * 0.3) + eye(p.x + p.w * 0.7);
}

function panelBalloon(rnd: Random, p: Panel): string {
  const line = rnd.pick(balloonLines);
  const size = Math.max(30, Math.min(44, (p.h - 60) / (line.length + 1)));
  const height = line.length * size;
  const rx = size * 1.15;
  const ry = height / 2 + size * 0.9;
  const cx = p.x + rx + 16 + rnd.next() * Math.max(0, p.w - 2 * rx - 32);
  const cy = p.y + Math.max(ry + 8, Math.min(p.h - ry - 8, p.h * 0.4));
  const text = verticalText(line, cx, cy - height / 2, size, { fill: '#111' }).svg;
  return balloon(cx, cy, rx, ry, cx + rnd.range(-60, 60), cy + ry + 46, text);
}
