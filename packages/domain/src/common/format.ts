// One formatter each, made once: `toLocaleString` builds a new Intl formatter on every call,
// which made formatting the largest cost of rendering a page of book tiles.
const amountFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 20 });
const unitFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 });

/**
 * Number formatting of §5: thousands separators, '-' for anything non-numeric, values
 * between 0 and 1 as they are.
 */
export function formatAmount(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  if (value > 0 && value < 1) return String(value);
  return amountFormat.format(value);
}

const largeUnits = [
  { digits: 13, unit: '兆' },
  { digits: 9, unit: '億' },
  { digits: 5, unit: '万' },
] as const;

/**
 * Large counts (§5): under 7 digits plain, under 10 in 万, under 14 in 億, else 兆;
 * the unit value keeps at most one decimal, rounded down so a count is never overstated.
 */
export function formatLargeCount(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  const integer = Math.trunc(Math.abs(value));
  const digits = integer === 0 ? 1 : Math.floor(Math.log10(integer)) + 1;
  if (digits < 7) return formatAmount(value);
  const sign = value < 0 ? '-' : '';
  const { digits: exp, unit } = digits >= 14 ? largeUnits[0] : digits >= 10 ? largeUnits[1] : largeUnits[2];
  const scaled = Math.floor((integer / 10 ** (exp - 1)) * 10) / 10;
  return `${sign}${unitFormat.format(scaled)}${unit}`;
}
