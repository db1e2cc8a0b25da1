import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookmarkBody, SyncPageBody, ViewerSettingsPatch } from './reading-api';
import { type SyncPosition, mergeSyncPosition, resumePosition } from '../viewer/resume';
import { isWidePage, reachedReadEnd, usesCustomSample } from './reading';

const at = (page: number, readAt: number, deviceId: string | null = 'a', font: SyncPosition['font'] = null) => ({
  page,
  readAt,
  deviceId,
  font,
});

describe('mergeSyncPosition', () => {
  it('accepts the first position', () => {
    expect(mergeSyncPosition(null, at(3, 10))).toBe('accept');
  });

  it('an older position never overwrites a newer one, whatever its page', () => {
    expect(mergeSyncPosition(at(5, 1000), at(50, 999))).toBe('older');
    expect(mergeSyncPosition(at(5, 1000, 'a'), at(50, 999, 'b'))).toBe('older');
  });

  it('lets one device move backwards', () => {
    expect(mergeSyncPosition(at(40, 1000, 'a'), at(10, 2000, 'a'))).toBe('accept');
  });

  it('keeps another device’s recent further position', () => {
    expect(mergeSyncPosition(at(40, 1000, 'a'), at(10, 2000, 'b'))).toBe('behind');
    expect(mergeSyncPosition(at(40, 1000, 'a'), at(10, 2000, null))).toBe('behind');
  });

  it('lets another device move forward, or back once the stored position is no longer recent', () => {
    expect(mergeSyncPosition(at(40, 1000, 'a'), at(41, 1001, 'b'))).toBe('accept');
    expect(mergeSyncPosition(at(40, 1000, 'a'), at(10, 1000 + 5 * 60_000 + 1, 'b'))).toBe('accept');
  });

  it('lets the newer position win when the fonts differ', () => {
    expect(mergeSyncPosition(at(40, 1000, 'a', 'small'), at(10, 2000, 'b', 'large'))).toBe('accept');
  });

  it('never accepts a position older than the stored one (property)', () => {
    const position = fc.record({
      page: fc.nat(500),
      readAt: fc.nat(1e9),
      deviceId: fc.constantFrom('a', 'b', null),
      font: fc.constantFrom('small' as const, 'medium' as const, null),
    });
    fc.assert(
      fc.property(position, position, (stored, incoming) => {
        const result = mergeSyncPosition(stored, incoming);
        if (incoming.readAt < stored.readAt) expect(result).toBe('older');
        else expect(result).not.toBe('older');
      }),
    );
  });
});

describe('resumePosition', () => {
  it('opens at the furthest recent position and ignores an older one', () => {
    expect(resumePosition(at(10, 2000, 'phone'), at(40, 1000, 'desk'))).toEqual(at(10, 2000, 'phone'));
    expect(resumePosition(at(10, 1000, 'phone'), at(40, 2000, 'desk'))).toEqual(at(40, 2000, 'desk'));
    expect(resumePosition(at(10, 1000, 'phone'), at(5, 2000, 'desk'))).toEqual(at(10, 1000, 'phone'));
    expect(resumePosition(null, at(5, 2000))).toEqual(at(5, 2000));
    expect(resumePosition(at(5, 2000), null)).toEqual(at(5, 2000));
  });
});

describe('reading rules', () => {
  it('detects spreads from their size', () => {
    expect(isWidePage(2160, 1536)).toBe(true);
    expect(isWidePage(1080, 1536)).toBe(false);
  });

  it('reaches the read-end at 90% of the pages', () => {
    expect(reachedReadEnd(17, 20)).toBe(true);
    expect(reachedReadEnd(16, 20)).toBe(false);
    expect(reachedReadEnd(0, 1)).toBe(true);
    expect(reachedReadEnd(0, 0)).toBe(false);
  });

  it('uses the custom sample only when not free, not owned and present (§4)', () => {
    expect(usesCustomSample({ free: false, owned: false, hasCustomSample: true })).toBe(true);
    expect(usesCustomSample({ free: true, owned: false, hasCustomSample: true })).toBe(false);
    expect(usesCustomSample({ free: false, owned: true, hasCustomSample: true })).toBe(false);
    expect(usesCustomSample({ free: false, owned: false, hasCustomSample: false })).toBe(false);
  });
});

describe('request schemas', () => {
  it('reads form strings and JSON numbers alike', () => {
    expect(SyncPageBody.parse({ book_id: '12', reading_page: '3', font: 'large' })).toMatchObject({
      book_id: 12,
      reading_page: 3,
      font: 'large',
    });
    expect(BookmarkBody.parse({ book_id: 12, page: 0 })).toEqual({ book_id: 12, page: 0, ac: 0 });
    expect(BookmarkBody.parse({ book_id: 12, page: 0, ac: 1 }).ac).toBe(1);
    expect(BookmarkBody.parse({ book_id: 12, page: 0, ac: '1' }).ac).toBe(1);
  });

  it('names the field of bad input', () => {
    const result = SyncPageBody.safeParse({ book_id: 'x', reading_page: -1, font: 'huge' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['book_id', 'reading_page', 'font']));
    expect(SyncPageBody.safeParse({ reading_page: 1 }).error!.issues[0]!.path).toEqual(['book_id']);
  });

  it('refuses unknown settings', () => {
    expect(ViewerSettingsPatch.safeParse({ fontSize: 'small' }).success).toBe(true);
    expect(ViewerSettingsPatch.safeParse({ zoom: 2 }).success).toBe(false);
    expect(ViewerSettingsPatch.safeParse({ fontSize: 'huge' }).success).toBe(false);
  });
});
