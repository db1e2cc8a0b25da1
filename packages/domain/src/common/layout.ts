/** Layout constants of spec §9, the one place that names them. */
export const layout = {
  desktopContainer: 1080,
  mainColumn: 688,
  mobileHeader: 44,
  tabletHeader: 68,
  bookTileMobile: 106,
  bookTileDesktop: 128,
} as const;
/** Book thumbnail widths: 10 to 150 in steps of 10 (§9). */
export const thumbnailWidths = Array.from({ length: 15 }, (_, i) => (i + 1) * 10);
