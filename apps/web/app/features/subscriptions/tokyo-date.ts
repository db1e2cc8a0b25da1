/** §9 yyyy年M月d日 in Asia/Tokyo, with Intl (these parts load their data in the browser; no date library ships). */
const dayFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });

export function tokyoDate(epochMs: number): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return `${parts.year}年${parts.month}月${parts.day}日`;
}
