import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KeptPosition, keptPositionKey, openingPosition, parseKeptPositions, withKeptPosition } from './resume';

const at = (page: number, readAt: number, font: KeptPosition['font'] = null): KeptPosition => ({ page, font, readAt });

describe('openingPosition', () => {
  it('opens at startupPage whatever the device or the server kept (new reading, not yet synced)', () => {
    expect(openingPosition({ startupPage: 3, kept: at(9, 2000), synced: at(12, 3000) })).toEqual({
      page: 3,
      font: null,
      readAt: null,
      synced: false,
    });
  });

  it('a guest (nothing synced) opens where this device left the book, else at the cover', () => {
    expect(openingPosition({ startupPage: null, kept: at(4, 2000), synced: null })).toEqual({
      page: 4,
      font: null,
      readAt: 2000,
      synced: false,
    });
    expect(openingPosition({ startupPage: null, kept: null, synced: null })).toBeNull();
  });

  it('a reload opens at the page this device reached even when the server still holds an older page', () => {
    // Page 14 read at 5000 on this device; the last sync that reached the server was page 11 at 4000.
    expect(openingPosition({ startupPage: null, kept: at(13, 5000), synced: at(10, 4000) })).toEqual({
      page: 13,
      font: null,
      readAt: 5000,
      synced: false,
    });
  });

  it('opens at a later position read on another device, and says the server holds it', () => {
    expect(openingPosition({ startupPage: null, kept: at(4, 1000), synced: at(20, 9000) })).toEqual({
      page: 20,
      font: null,
      readAt: 9000,
      synced: true,
    });
    expect(openingPosition({ startupPage: null, kept: null, synced: at(7, 9000, 'large') })).toEqual({
      page: 7,
      font: 'large',
      readAt: 9000,
      synced: true,
    });
  });

  it('keeps this device’s further page over another device’s recent step back, not over an old one', () => {
    expect(openingPosition({ startupPage: null, kept: at(30, 1000), synced: at(2, 2000) })?.page).toBe(30);
    expect(openingPosition({ startupPage: null, kept: at(30, 1000), synced: at(2, 1000 + 6 * 60_000) })?.page).toBe(2);
  });

  it('is synced when the device and the server agree', () => {
    expect(openingPosition({ startupPage: null, kept: at(5, 2000), synced: at(5, 2000) })?.synced).toBe(true);
  });
});

describe('the positions kept on the device', () => {
  it('reads back what was kept, per book and per episode', () => {
    const kept = withKeptPosition(
      withKeptPosition({}, keptPositionKey('book', 1), at(4, 10)),
      keptPositionKey('episode', 1),
      at(2, 20, 'small'),
    );
    expect(parseKeptPositions(JSON.stringify(kept))).toEqual({ 'book:1': at(4, 10), 'episode:1': at(2, 20, 'small') });
  });

  it('drops what is not a position, and text that is not JSON', () => {
    const raw = JSON.stringify({
      'book:1': at(4, 10),
      'book:2': { page: -1, readAt: 5, font: null },
      'book:3': { page: 1, readAt: 5, font: 'huge' },
      'book:4': 'x',
    });
    expect(parseKeptPositions(raw)).toEqual({ 'book:1': at(4, 10) });
    expect(parseKeptPositions('{"book:1":')).toEqual({});
    expect(parseKeptPositions('[1]')).toEqual({});
    expect(parseKeptPositions(null)).toEqual({});
  });

  it('forgets the least recently read beyond the limit, never the one just kept (property)', () => {
    const entries = fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.record({ page: fc.nat(500), readAt: fc.integer({ min: 1, max: 1e9 }), font: fc.constant(null) }),
      { maxKeys: 20 },
    );
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 10 }), (all, max) => {
        const next = withKeptPosition(all, 'new', at(1, 2e9), max);
        expect(Object.keys(next).length).toBeLessThanOrEqual(max);
        expect(next.new).toEqual(at(1, 2e9));
        const kept = Object.values(next).map((p) => p.readAt);
        const dropped = Object.entries(all)
          .filter(([key]) => !(key in next))
          .map(([, p]) => p.readAt);
        for (const d of dropped) for (const k of kept) expect(k).toBeGreaterThanOrEqual(d);
      }),
    );
  });
});
