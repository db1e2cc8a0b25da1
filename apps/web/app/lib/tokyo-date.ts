/**
 * §9 dates in Asia/Tokyo as yyyy年M月d日, formatted in the browser with Intl (the date library
 * stays on the server; these pages load their data client-side).
 */
const dayFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false });

export function tokyoDate(epochMs: number): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(epochMs).map((p) => [p.type, p.value]));
  return `${parts.year}年${parts.month}月${parts.day}日`;
}

export const tokyoDateTime = (epochMs: number): string => `${tokyoDate(epochMs)} ${timeFormat.format(epochMs)}`;
