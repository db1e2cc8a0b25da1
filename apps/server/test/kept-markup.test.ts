import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createMember, signUp } from './support/members';

/**
 * The top page's tile lists are the same for everyone who gets the same data: the web app's server
 * renders them once and keeps their markup by that data (apps/web `lib/kept-markup.tsx`), and the
 * next render sends it without rendering the tiles. What a guest or a member gets must be what a
 * render gives: the same page when the markup was kept as when it was made, for a member as for a
 * guest, and the new data as soon as it changes (a new key, nothing to clear).
 */
let t: TestApp;
let memberCookie: string;
let bookIds: number[];

beforeAll(async () => {
  // No page cache: every request renders (the figure of issue 36, "top page render, uncached").
  t = await buildTestApp({ web: true, config: { guestPageCacheSeconds: 0 } });
  const { db } = t.database;
  bookIds = [];
  for (let i = 1; i <= 3; i++) {
    const titleId = await insertTitle(db, { name: `覚えた作品${i}` });
    bookIds.push(await insertBook(db, titleId, 1, { price: 100 * i }));
  }
  memberCookie = await signUp(t.app, createMember());
});
afterAll(() => t.close());

const page = (cookie?: string) => t.app.inject({ url: '/', headers: cookie ? { cookie } : {} });

/**
 * The page's markup: without its nonce and its scripts' text (the data sent for hydration carries
 * the times its queries were fetched and sent, which differ per response by design).
 */
const comparable = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/(<script\b[^>]*>)[^]*?<\/script>/g, '$1</script>');

/** The markup of the `<section>` headed by the heading whose id is `id`. */
function section(html: string, id: string): string {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  expect(start, `the page has the section ${id}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
}

describe('kept tile markup on the top page', () => {
  it('sends the same page when the tiles were kept as when they were rendered, without its marks', async () => {
    const first = await page();
    const second = await page();
    const third = await page();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('覚えた作品1');
    expect(first.body.match(/data-position=/g)?.length, 'the new releases list its books').toBeGreaterThanOrEqual(3);
    expect(first.body).not.toContain('data-kept-markup');
    expect(comparable(second.body)).toBe(comparable(first.body));
    expect(comparable(third.body)).toBe(comparable(first.body));
  });

  it('gives a member the same tile markup a guest gets', async () => {
    const guest = await page();
    const member = await page(memberCookie);
    expect(member.statusCode).toBe(200);
    expect(member.body).not.toContain('data-kept-markup');
    expect(section(member.body, 'new-arrivals')).toBe(section(guest.body, 'new-arrivals'));
  });

  it('shows changed data at once: the changed tiles are a new key, rendered and kept in their turn', async () => {
    await page();
    await t.database.db.updateTable('titles').set({ name: '名前を変えた作品' }).where('name', '=', '覚えた作品2').execute();
    await t.app.deps.changes.publish('catalog');
    const after = await page();
    expect(after.body).toContain('名前を変えた作品');
    expect(after.body).not.toContain('覚えた作品2');
    const again = await page();
    expect(comparable(again.body)).toBe(comparable(after.body));
  });
});
