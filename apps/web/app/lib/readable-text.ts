/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * White or near-black text, whichever reads better on `background` (a colour an operator chose,
 * such as a lottery campaign's): text contrast ≥ 4.5:1 wherever either can reach it (issue 42).
 * Anything but `#rrggbb` gets white, as the pages' default.
 */
export function readableTextOn(background: string): '#fff' | '#222' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#fff';
  return contrastRatio('#ffffff', background) >= contrastRatio('#222222', background) ? '#fff' : '#222';
}
