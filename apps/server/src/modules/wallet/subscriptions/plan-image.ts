import type { GoodValueAppeal } from '@hondana/domain/subscriptions/subscriptions-api';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const amount = (n: number) => n.toLocaleString('ja-JP');

/**
 * `/manga_coin_sales_subscription_plans/image`: the subscription banner (§9 banner 480×90) as
 * SVG, naming the good-value plan of the payment type, or the plain banner when there is none.
 */
export function planBannerSvg(appeal: GoodValueAppeal): string {
  const plan = appeal.plan;
  const title = 'マンガコイン定期購入';
  const line = plan
    ? `毎月${amount(plan.coin)}コイン＋ボーナス${amount(plan.cycleBonus)}コイン（${plan.bonusPercentage}%）`
    : '毎月自動でマンガコインをお届け';
  const label = `${title} ${line}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="90" viewBox="0 0 480 90" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#e5004f"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
<rect width="480" height="90" rx="10" fill="url(#g)"/>
<circle cx="48" cy="45" r="26" fill="#ffd54a" stroke="#fff" stroke-width="3"/><text x="48" y="53" font-size="22" text-anchor="middle" fill="#a05a00" font-family="sans-serif" font-weight="bold">C</text>
<text x="90" y="38" font-size="20" fill="#fff" font-family="'Noto Sans CJK JP','Hiragino Sans',sans-serif" font-weight="bold">${escapeXml(title)}</text>
<text x="90" y="66" font-size="15" fill="#fff" font-family="'Noto Sans CJK JP','Hiragino Sans',sans-serif">${escapeXml(line)}</text>
</svg>`;
}
