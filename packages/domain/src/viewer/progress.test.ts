import { describe, expect, it } from 'vitest';
import { footerControls, settingsVisibility, spreadNote, toggleBookmark } from './controls';
import { keepTextPosition, openingPage, pageSyncEnabled, shouldRegisterReadEnd } from './progress';

describe('read-end at 90%', () => {
  it('registers once the reader has seen 90% of the pages', () => {
    const owned = (lastVisiblePage: number, total: number) =>
      shouldRegisterReadEnd({ lastVisiblePage, total, owned: true, alreadyRegistered: false });
    expect(owned(17, 20)).toBe(true);
    expect(owned(16, 20)).toBe(false);
    expect(owned(8, 10)).toBe(true);
    expect(owned(0, 0)).toBe(false);
  });
  it('only for owned books, only the first time', () => {
    const at = { lastVisiblePage: 19, total: 20 };
    expect(shouldRegisterReadEnd({ ...at, owned: true, alreadyRegistered: false })).toBe(true);
    expect(shouldRegisterReadEnd({ ...at, owned: false, alreadyRegistered: false })).toBe(false);
    expect(shouldRegisterReadEnd({ ...at, owned: true, alreadyRegistered: true })).toBe(false);
  });
});

describe('page sync and opening page', () => {
  it('is skipped for an un-owned custom sample and for guests', () => {
    expect(pageSyncEnabled({ loggedIn: true, owned: false, usesCustomSample: true })).toBe(false);
    expect(pageSyncEnabled({ loggedIn: true, owned: true, usesCustomSample: true })).toBe(true);
    expect(pageSyncEnabled({ loggedIn: true, owned: false, usesCustomSample: false })).toBe(true);
    expect(pageSyncEnabled({ loggedIn: false, owned: false, usesCustomSample: false })).toBe(false);
  });
  it('opens at startupPage, else the synced page, else the cover, inside the book', () => {
    expect(openingPage({ startupPage: 4, readingPage: 9, total: 20 })).toBe(4);
    expect(openingPage({ startupPage: null, readingPage: 9, total: 20 })).toBe(9);
    expect(openingPage({ startupPage: null, readingPage: null, total: 20 })).toBe(0);
    expect(openingPage({ startupPage: 40, readingPage: null, total: 20 })).toBe(19);
    expect(openingPage({ startupPage: Number.NaN, readingPage: null, total: 20 })).toBe(0);
  });
  it('keeps a text position across a page-count change', () => {
    expect(keepTextPosition(10, 21, 41)).toBe(20);
    expect(keepTextPosition(20, 21, 11)).toBe(10);
    expect(keepTextPosition(0, 21, 11)).toBe(0);
    expect(keepTextPosition(5, 1, 11)).toBe(0);
  });
});

describe('footer and settings rules (§5)', () => {
  const footer = {
    kind: 'fixed' as const,
    loggedIn: true,
    serial: false,
    visiblePages: [3, 4],
    bookmarks: [4],
    hasBackPage: false,
    directionToggle: true,
  };
  it('applies the footer rules', () => {
    expect(footerControls(footer)).toEqual({
      myList: true,
      bookmarks: true,
      bookmarkRemoves: true,
      backEnabled: false,
      directionToggle: true,
    });
    expect(footerControls({ ...footer, loggedIn: false }).myList).toBe(false);
    expect(footerControls({ ...footer, serial: true })).toMatchObject({ myList: false, bookmarks: false });
    expect(footerControls({ ...footer, bookmarks: [] }).bookmarkRemoves).toBe(false);
    expect(footerControls({ ...footer, hasBackPage: true }).backEnabled).toBe(true);
    expect(footerControls({ ...footer, kind: 'text' }).directionToggle).toBe(false);
  });
  it('says why 見開き表示 shows one page: a window not wider than 1080 px, or taller than wide', () => {
    expect(spreadNote(true, { width: 1080, height: 900 })).toBe('narrow');
    expect(spreadNote(true, { width: 1000, height: 700 })).toBe('narrow');
    expect(spreadNote(true, { width: 1200, height: 1600 })).toBe('portrait');
    expect(spreadNote(true, { width: 375, height: 740 })).toBe('narrow');
    expect(spreadNote(true, { width: 1280, height: 800 })).toBeNull();
    expect(spreadNote(false, { width: 1080, height: 900 })).toBeNull();
  });
  it('applies the settings rules', () => {
    const s = { kind: 'fixed' as const, loggedIn: true, imagedReflow: false, readerResetSetting: true };
    expect(settingsVisibility(s)).toEqual({ resetAfterFinish: true, spread: true, fontSize: false, fontType: false, writingMode: false });
    expect(settingsVisibility({ ...s, loggedIn: false }).resetAfterFinish).toBe(false);
    expect(settingsVisibility({ ...s, imagedReflow: true })).toMatchObject({ spread: false, fontSize: true });
    expect(settingsVisibility({ ...s, kind: 'text' })).toMatchObject({ spread: false, fontSize: true, fontType: true, writingMode: false });
    expect(settingsVisibility({ ...s, kind: 'text', writingMode: true }).writingMode).toBe(true);
    expect(settingsVisibility({ ...s, writingMode: true }).writingMode).toBe(false);
  });
  it('toggles bookmarks on the visible pages', () => {
    expect(toggleBookmark([1, 9], [4, 5])).toEqual([1, 4, 9]);
    expect(toggleBookmark([1, 5, 9], [4, 5])).toEqual([1, 9]);
  });
});
