import type { Random } from '../random';

/** Shapes the pages and covers are composed of: characters, balloons, scenery, speed lines. */

interface FigureColors {
  skin: string;
  hair: string;
  outfit: string;
  line: string;
}

export const mangaColors: FigureColors = { skin: '#ffffff', hair: '#2b2b2b', outfit: '#9a9a9a', line: '#111111' };

const n = (v: number) => Math.round(v * 10) / 10;

/** A character from the chest up, head centred on `cx`, shoulders ending at `bottom`. */
export function figure(rnd: Random, cx: number, bottom: number, scale: number, c: FigureColors): string {
  const head = 70 * scale;
  const headY = bottom - head * 3.1;
  const shoulder = head * 1.9;
  const lw = n(Math.max(2, 5 * scale));
  const look = rnd.range(-0.25, 0.25) * head;
  const hairStyle = rnd.int(0, 2);
  const hair =
    hairStyle === 0
      ? `M${n(cx - head * 1.08)} ${n(headY + head * 0.2)} Q${n(cx - head)} ${n(headY - head * 1.25)} ${n(cx)} ${n(headY - head * 1.1)} Q${n(cx + head * 1.1)} ${n(headY - head * 1.2)} ${n(cx + head * 1.08)} ${n(headY + head * 0.25)} Q${n(cx + head * 0.4)} ${n(headY - head * 0.55)} ${n(cx - head * 1.08)} ${n(headY + head * 0.2)}Z`
      : hairStyle === 1
        ? `M${n(cx - head * 1.15)} ${n(headY + head * 1.2)} Q${n(cx - head * 1.3)} ${n(headY - head * 1.3)} ${n(cx)} ${n(headY - head * 1.12)} Q${n(cx + head * 1.3)} ${n(headY - head * 1.3)} ${n(cx + head * 1.15)} ${n(headY + head * 1.2)} L${n(cx + head * 0.8)} ${n(headY - head * 0.2)} Q${n(cx)} ${n(headY - head * 0.6)} ${n(cx - head * 0.8)} ${n(headY - head * 0.2)}Z`
        : spikyHair(cx, headY, head);
  const eyeY = headY + head * 0.15;
  const eye = (ex: number) =>
    `<ellipse cx="${n(ex)}" cy="${n(eyeY)}" rx="${n(head * 0.13)}" ry="${n(head * 0.22)}" fill="${c.line}"/>` +
    `<circle cx="${n(ex + head * 0.04)}" cy="${n(eyeY - head * 0.08)}" r="${n(head * 0.05)}" fill="#fff"/>`;
  return [
    `<path d="M${n(cx - shoulder)} ${n(bottom)} Q${n(cx - shoulder)} ${n(headY + head * 1.6)} ${n(cx - head * 0.5)} ${n(headY + head * 1.45)} L${n(cx + head * 0.5)} ${n(headY + head * 1.45)} Q${n(cx + shoulder)} ${n(headY + head * 1.6)} ${n(cx + shoulder)} ${n(bottom)}Z" fill="${c.outfit}" stroke="${c.line}" stroke-width="${lw}"/>`,
    `<rect x="${n(cx - head * 0.28)}" y="${n(headY + head * 0.8)}" width="${n(head * 0.56)}" height="${n(head * 0.7)}" fill="${c.skin}" stroke="${c.line}" stroke-width="${lw}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(head)}" ry="${n(head * 1.08)}" fill="${c.skin}" stroke="${c.line}" stroke-width="${lw}"/>`,
    eye(cx - head * 0.38 + look),
    eye(cx + head * 0.38 + look),
    `<path d="M${n(cx - head * 0.18 + look)} ${n(headY + head * 0.62)} Q${n(cx + look)} ${n(headY + head * 0.75)} ${n(cx + head * 0.18 + look)} ${n(headY + head * 0.62)}" fill="none" stroke="${c.line}" stroke-width="${lw}" stroke-linecap="round"/>`,
    `<path d="${hair}" fill="${c.hair}" stroke="${c.line}" stroke-width="${lw}" stroke-linejoin="round"/>`,
  ].join('');
}

function spikyHair(cx: number, headY: number, head: number): string {
  const points: string[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI * (1 + i / 8);
    const rr = i % 2 === 0 ? head * 1.45 : head * 1.0;
    points.push(`${n(cx + Math.cos(a) * rr)} ${n(headY - head * 0.1 + Math.sin(a) * rr)}`);
  }
  return `M${n(cx - head * 1.05)} ${n(headY + head * 0.3)} L${points.join(' L')} L${n(cx + head * 1.05)} ${n(headY + head * 0.3)} Q${n(cx)} ${n(headY - head * 0.5)} ${n(cx - head * 1.05)} ${n(headY + head * 0.3)}Z`;
}

/** A speech balloon with a tail pointing at (tx, ty); `inner` is drawn on top (its text). */
export function balloon(cx: number, cy: number, rx: number, ry: number, tx: number, ty: number, inner: string): string {
  const angle = Math.atan2(ty - cy, tx - cx);
  const spread = 0.22;
  const base = (a: number) => `${n(cx + Math.cos(a) * rx * 0.85)} ${n(cy + Math.sin(a) * ry * 0.85)}`;
  return (
    `<path d="M${base(angle - spread)} L${n(tx)} ${n(ty)} L${base(angle + spread)}Z" fill="#fff" stroke="#111" stroke-width="4" stroke-linejoin="round"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" stroke="#111" stroke-width="4"/>` +
    `<path d="M${base(angle - spread)} L${base(angle + spread)}" stroke="#fff" stroke-width="8"/>` +
    inner
  );
}

/** Radial speed lines converging on (cx, cy), clipped by the caller. */
export function speedLines(rnd: Random, cx: number, cy: number, radius: number, count: number, color: string): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rnd.range(-0.05, 0.05);
    const inner = radius * rnd.range(0.35, 0.55);
    const w = rnd.range(0.012, 0.03);
    const p = (rr: number, da: number) => `${n(cx + Math.cos(a + da) * rr)} ${n(cy + Math.sin(a + da) * rr)}`;
    lines.push(`M${p(radius, -w)} L${p(inner, 0)} L${p(radius, w)}Z`);
  }
  return `<path d="${lines.join(' ')}" fill="${color}"/>`;
}

/** A mountain range across [x, x + w] standing on `bottom`. */
export function mountains(rnd: Random, x: number, bottom: number, w: number, h: number, fill: string): string {
  const peaks = rnd.int(3, 5);
  const pts = [`${n(x)} ${n(bottom)}`];
  for (let i = 0; i <= peaks * 2; i++) {
    const px = x + (w * i) / (peaks * 2);
    const py = i % 2 === 1 ? bottom - h * rnd.range(0.6, 1) : bottom - h * rnd.range(0.15, 0.4);
    pts.push(`${n(px)} ${n(py)}`);
  }
  pts.push(`${n(x + w)} ${n(bottom)}`);
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

/** A row of buildings with lit windows. */
export function skyline(rnd: Random, x: number, bottom: number, w: number, h: number, fill: string, windows: string): string {
  const parts: string[] = [];
  let left = x;
  while (left < x + w) {
    const bw = Math.min(w * rnd.range(0.08, 0.16), x + w - left);
    const bh = h * rnd.range(0.35, 1);
    parts.push(`<rect x="${n(left)}" y="${n(bottom - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${fill}"/>`);
    for (let wy = bottom - bh + 14; wy < bottom - 20; wy += 30) {
      for (let wx = left + 10; wx < left + bw - 16; wx += 22) {
        if (rnd.chance(0.45)) parts.push(`<rect x="${n(wx)}" y="${n(wy)}" width="8" height="12" fill="${windows}"/>`);
      }
    }
    left += bw + 4;
  }
  return parts.join('');
}
