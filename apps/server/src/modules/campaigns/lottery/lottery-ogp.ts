import { notFound } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../../db/schema';
import { segmentText, segmentTextWidth } from '../../../media/art/seven-segment';
import { campaignById, prizeById } from './lottery.repository';

const W = 1200;
const H = 630;

interface OgpInput {
  lottery_campaign_id?: number | undefined;
  rank?: number | undefined;
  coin?: number | undefined;
  book_id?: number | undefined;
  prize_id?: number | undefined;
}

/**
 * `/lottery/ogp_image`: the share picture of a campaign or a prize, 1200×630 PNG,
 * drawn with sharp from shapes and seven-segment digits only (no font a fresh machine lacks):
 * sun rays in the campaign colour, the lottery box, and for a prize its rank on a medal and
 * its amount beside a coin, book or coupon shape.
 */
export async function lotteryOgpImage(db: Kysely<Database>, q: OgpInput): Promise<Buffer> {
  const prize = q.prize_id === undefined ? undefined : await prizeById(db, q.prize_id);
  if (q.prize_id !== undefined && !prize) throw notFound('prize');
  const campaignId = prize?.campaign_id ?? q.lottery_campaign_id;
  const campaign = campaignId === undefined ? undefined : await campaignById(db, campaignId);
  if (campaignId !== undefined && !campaign) throw notFound('campaign');
  const svg = ogpSvg({
    color: safeColor(campaign?.color_code),
    rank: prize?.rank ?? q.rank,
    kind: prize?.kind ?? (q.book_id !== undefined ? 'BOOK' : q.coin !== undefined ? 'MANGA_COIN' : undefined),
    amount: prize ? prize.amount : q.coin,
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

const safeColor = (c: string | undefined) => (c && /^#[0-9a-fA-F]{6}$/.test(c) ? c : '#f5a623');

interface Picture {
  color: string;
  rank: number | undefined;
  kind: string | undefined;
  amount: number | undefined;
}

function ogpSvg(p: Picture): string {
  const parts = [`<rect width="${W}" height="${H}" fill="${p.color}"/>`, rays(W / 2, H / 2), confetti()];
  if (p.rank === undefined && p.kind === undefined) parts.push(lotteryBox(W / 2 - 210, 170, 420, 330));
  else {
    parts.push(lotteryBox(80, 250, 260, 220));
    if (p.rank !== undefined) parts.push(medal(500, 300, p.rank));
    parts.push(prizeShape(p.kind, p.amount ?? 0));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

function rays(cx: number, cy: number): string {
  const out: string[] = [];
  for (let i = 0; i < 24; i += 2) {
    const a = (i * Math.PI) / 12;
    const b = ((i + 1) * Math.PI) / 12;
    const r = 1400;
    out.push(
      `<polygon points="${cx},${cy} ${cx + r * Math.cos(a)},${cy + r * Math.sin(a)} ${cx + r * Math.cos(b)},${cy + r * Math.sin(b)}" fill="#ffffff" fill-opacity="0.18"/>`,
    );
  }
  return out.join('');
}

function confetti(): string {
  const colors = ['#e5004f', '#2a9df4', '#3cb371', '#ffffff', '#8a2be2'];
  const out: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const x = (i * 317) % W;
    const y = (i * 193) % H;
    out.push(
      `<rect x="${x}" y="${y}" width="14" height="8" rx="2" fill="${colors[i % colors.length]}" transform="rotate(${(i * 37) % 180} ${x + 7} ${y + 4})"/>`,
    );
  }
  return out.join('');
}

/** The lottery box: a red box with a round hole and capsules peeking out. */
function lotteryBox(x: number, y: number, w: number, h: number): string {
  const holeR = w * 0.16;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.06}" fill="#d7263d" stroke="#fff" stroke-width="8"/>` +
    `<rect x="${x + w * 0.08}" y="${y + h * 0.62}" width="${w * 0.84}" height="${h * 0.12}" fill="#ffd54a"/>` +
    `<circle cx="${x + w / 2}" cy="${y + h * 0.32}" r="${holeR}" fill="#5a0a14"/>` +
    `<circle cx="${x + w / 2 - holeR * 0.3}" cy="${y + h * 0.28}" r="${holeR * 0.45}" fill="#2a9df4"/>` +
    `<circle cx="${x + w / 2 + holeR * 0.35}" cy="${y + h * 0.36}" r="${holeR * 0.4}" fill="#3cb371"/>`
  );
}

/** A gold medal with the rank in seven-segment digits. */
function medal(cx: number, cy: number, rank: number): string {
  const text = String(rank);
  const h = 120;
  const tw = segmentTextWidth(text, h);
  return (
    `<polygon points="${cx - 60},${cy - 220} ${cx - 10},${cy - 100} ${cx - 100},${cy - 100}" fill="#2a9df4"/>` +
    `<polygon points="${cx + 60},${cy - 220} ${cx + 100},${cy - 100} ${cx + 10},${cy - 100}" fill="#e5004f"/>` +
    `<circle cx="${cx}" cy="${cy}" r="125" fill="#ffd54a" stroke="#b8860b" stroke-width="12"/>` +
    `<circle cx="${cx}" cy="${cy}" r="95" fill="none" stroke="#fff3b0" stroke-width="6"/>` +
    segmentText(text, cx - tw / 2, cy - h / 2, h, '#7a4a00')
  );
}

/** The prize: a coin (manga coins), a diamond (points), a book or a coupon, with its amount. */
function prizeShape(kind: string | undefined, amount: number): string {
  const x = 720;
  const cy = 315;
  let shape = '';
  if (kind === 'MANGA_COIN')
    shape = `<circle cx="${x + 80}" cy="${cy}" r="80" fill="#ffd54a" stroke="#b8860b" stroke-width="10"/><circle cx="${x + 80}" cy="${cy}" r="50" fill="none" stroke="#b8860b" stroke-width="8"/>`;
  else if (kind === 'POINT')
    shape = `<polygon points="${x + 80},${cy - 90} ${x + 160},${cy} ${x + 80},${cy + 90} ${x},${cy}" fill="#3cb371" stroke="#fff" stroke-width="8"/>`;
  else if (kind === 'BOOK')
    shape = `<rect x="${x}" y="${cy - 110}" width="160" height="220" rx="8" fill="#ffffff" stroke="#333" stroke-width="8"/><rect x="${x + 20}" y="${cy - 80}" width="120" height="70" fill="${'#2a9df4'}"/><rect x="${x}" y="${cy - 110}" width="22" height="220" fill="#333"/>`;
  else if (kind === 'COUPON')
    shape = `<rect x="${x - 20}" y="${cy - 70}" width="220" height="140" rx="10" fill="#fff" stroke="#e5004f" stroke-width="8"/><circle cx="${x - 20}" cy="${cy}" r="22" fill="#e5004f"/><circle cx="${x + 200}" cy="${cy}" r="22" fill="#e5004f"/><line x1="${x + 60}" y1="${cy - 60}" x2="${x + 60}" y2="${cy + 60}" stroke="#e5004f" stroke-width="6" stroke-dasharray="12 10"/>`;
  const text = String(amount);
  const h = Math.min(120, (W - 30 - (x + 200)) / (text.length * 0.69));
  const digits = amount > 0 ? segmentText(text, x + 200, cy - h / 2, h, '#ffffff') : '';
  return shape + digits;
}
