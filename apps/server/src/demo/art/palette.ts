/** Colours of the drawn media: every title gets its own hue so that covers and pages tell titles apart. */

/** Hue (0–360) of a title: golden-angle steps keep neighbouring ids far apart. */
export const titleHue = (titleId: number): number => (titleId * 137.508) % 360;

export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}
