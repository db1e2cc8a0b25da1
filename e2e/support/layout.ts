import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface Overflow {
  viewport: number;
  document: number;
  /** The elements reaching past the viewport's right edge, as `tag.class` with their right edge. */
  culprits: string[];
}

/** How wide the document is against the viewport, and what sticks out (issue 34 item 6). */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const culprits: string[] = [];
    if (width > viewport) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= viewport + 0.5) continue;
        // Only the outermost sticking-out element of a scroller's content says where the fault is.
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.overflowX !== 'visible' || style.overflow === 'hidden' || style.overflow === 'clip') {
            clipped = true;
            break;
          }
        }
        if (clipped) continue;
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}`;
        culprits.push(`${name} right=${Math.round(box.right)}`);
        if (culprits.length >= 8) break;
      }
    }
    return { viewport, document: width, culprits };
  });
}

/**
 * Asserts that the page does not scroll sideways: the document is no wider than the viewport
 * (issue 34 item 6, at 320, 375 and 768 px). Call it on every page a journey visits.
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url()): Promise<void> {
  const o = await measureOverflow(page);
  assert.ok(
    o.document <= o.viewport,
    `${where} is ${o.document} px wide in a ${o.viewport} px viewport; sticking out: ${o.culprits.join(', ')}`,
  );
}

/** Scrolls to the end until the page stops growing (lazy sections load as they near the screen). */
export async function scrollThrough(page: Page): Promise<void> {
  let height = 0;
  for (let i = 0; i < 12; i++) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
