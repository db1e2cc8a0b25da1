/** `yyyy年M月d日` in Asia/Tokyo (§9) with the browser's Intl, so no date library ships to the page. */
export function japaneseDate(instant: number): string {
  const parts = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}年${part('month')}月${part('day')}日`;
}
