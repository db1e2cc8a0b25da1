import { PREFETCH_AHEAD, PREFETCH_BEHIND } from './timing';

type PrefetchPlan = {
  /** Pages of this book, most urgent first: what is on screen, then ahead, then behind. */
  pages: number[];
  /** First pages of the next volume to fetch, when the reader is near the end. */
  nextVolumePages: number[];
};

type PrefetchInput = {
  /** Pages on screen (one, or two in a spread), in reading order. */
  visible: readonly number[];
  total: number;
  /** Pages the reader may load (the sample, or all of an owned book); others are skipped. */
  readable?: (page: number) => boolean;
  /** Whether there is a next volume to prefetch. */
  hasNextVolume?: boolean;
  ahead?: number;
  behind?: number;
};

/**
 * Which page images to fetch and decode now: 4 ahead and 1 behind what is on screen;
 * when fewer than `ahead` pages remain, the next volume's first pages fill the rest.
 */
export function planPrefetch({
  visible,
  total,
  readable = () => true,
  hasNextVolume = false,
  ahead = PREFETCH_AHEAD,
  behind = PREFETCH_BEHIND,
}: PrefetchInput): PrefetchPlan {
  if (visible.length === 0 || total <= 0) return { pages: [], nextVolumePages: [] };
  const first = Math.min(...visible);
  const last = Math.max(...visible);
  const wanted = [...visible];
  for (let k = 1; k <= ahead; k++) wanted.push(last + k);
  for (let k = 1; k <= behind; k++) wanted.push(first - k);
  const pages = [...new Set(wanted)].filter((p) => p >= 0 && p < total && readable(p));
  const remaining = total - 1 - last;
  const spare = hasNextVolume ? Math.max(0, ahead - remaining) : 0;
  return { pages, nextVolumePages: Array.from({ length: spare }, (_, i) => i) };
}

/**
 * The narrowest offered image width that covers the slot on this screen (CSS width × device
 * pixel ratio); the widest when none does.
 */
export function imageWidthFor(offered: readonly number[], slotCssWidth: number, devicePixelRatio = 1): number {
  const sorted = [...offered].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('no image widths offered');
  const needed = slotCssWidth * Math.max(1, devicePixelRatio);
  return sorted.find((w) => w >= needed) ?? sorted[sorted.length - 1]!;
}

/**
 * The CSS width one page gets on screen: the viewport's height limits a page of the given
 * aspect, and a spread halves the width.
 */
export function pageSlotWidth(
  viewport: { width: number; height: number },
  page: { width: number; height: number },
  pagesOnScreen: number,
): number {
  const byWidth = viewport.width / Math.max(1, pagesOnScreen);
  const byHeight = (viewport.height * page.width) / Math.max(1, page.height);
  return Math.min(byWidth, byHeight);
}
