import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins } from './server';
import { memberId, signUpThrough } from './members';

/** The stage's current page (0-based book page number), as the viewer exposes it. */
export async function currentPage(page: Page): Promise<number> {
  const value = await page.getByTestId('viewer-stage').getAttribute('data-current-page');
  return Number(value);
}

/**
 * Waits until the stage shows book page `expected`. Up to 15 s: a reloaded webtoon finds its
 * segment once the strip above it has its height, which took more than 5 s under a full CI run's
 * load (viewer-resume at 375 px); the state waited for is the same.
 */
export async function expectPage(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=viewer-stage]')?.getAttribute('data-current-page') === String(n),
    expected,
    { timeout: 15_000 },
  );
}

/** The page numbers in the src of the page images on screen (`/media/pages/{book}/{page}/…`). */
export async function imagePages(page: Page): Promise<number[]> {
  const srcs = await page.locator('[data-testid=viewer-stage] img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  return srcs.map((src) => Number(/\/media\/pages\/\d+\/(\d+)\//.exec(src)?.[1] ?? NaN));
}

/** Shows the header and footer (they hide after 1500 ms) with a tap on the centre third, or keeps them up. */
export async function showUi(page: Page): Promise<void> {
  const footer = page.locator('footer[aria-hidden=false]');
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await footer.count()) {
      // Using the footer restarts its 1500 ms hide timer, so the next click finds it.
      await footer.dispatchEvent('pointerdown');
      return;
    }
    const box = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    try {
      await footer.waitFor({ timeout: 1_000 });
      return;
    } catch {
      // The tap landed while the UI was going out (it toggled it back off): tap again.
    }
  }
  throw new Error('the viewer UI did not show');
}

/** Taps the left or right third of the stage. */
export async function tap(page: Page, side: 'left' | 'right'): Promise<void> {
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  const x = side === 'left' ? box.x + box.width * 0.15 : box.x + box.width * 0.85;
  await page.mouse.click(x, box.y + box.height / 2);
}

/** Signs up a fresh member in this page's context (the session cookie stays in the context). */
export async function signUp(page: Page, store: StoreServer, label: string): Promise<number> {
  return (await signUpMember(page, store, label)).userId;
}

/** As `signUp`, also answering the e-mail (for operator commands such as `admin grant`). */
export async function signUpMember(page: Page, store: StoreServer, label: string): Promise<{ userId: number; email: string }> {
  const email = `viewer-${label}-${Date.now()}@example.jp`;
  await signUpThrough(page.request, store, { email, nickname: '読書家', birthDate: '1990-01-01' });
  return { userId: await memberId(page, store), email };
}

/**
 * Makes the member own a book by buying it, as the member's app does: manga coins for its price
 * granted the way support grants them (`npm run admin -- grant`), then the one-book purchase
 * (`/order/book/manga_coin/create_token` and `buy`) at the price the store shows.
 */
export async function buyBook(page: Page, store: StoreServer, email: string, bookId: number): Promise<void> {
  const detail = await page.request.get(`${store.url}/api/books/${bookId}`);
  assert.equal(detail.status(), 200, await detail.text());
  const { price } = (await detail.json()) as { price: number };
  if (price > 0) await grantMangaCoins(store, email, price);
  const token = (
    (await (await page.request.get(`${store.url}/api/order/book/manga_coin/create_token`)).json()) as { status: { token: string } }
  ).status.token;
  const bought = await page.request.post(`${store.url}/api/order/book/manga_coin/buy`, {
    data: { token, book_id: bookId, checked_price: price },
  });
  assert.equal(bought.status(), 200, await bought.text());
}

/** Closes the open popup with Escape and waits until the page takes pointer input again. */
export async function closePopup(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.waitForFunction(() => getComputedStyle(document.body).pointerEvents !== 'none');
}

/**
 * Opens the viewer and waits until it has settled: a member opening a free book they do not
 * hold has it bought and the page reloads into it (§4 free book on load); the viewer root says
 * `data-free-book="started"` until then.
 */
export async function openViewer(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid=viewer]:not([data-free-book=started])').waitFor();
}
