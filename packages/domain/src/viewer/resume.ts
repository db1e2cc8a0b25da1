import type { FontSize } from './controls';
import { KEPT_POSITIONS_MAX, RECENT_POSITION_MS } from './timing';

/** A reading position: a page (a text book's in its font), when it was read, on which device. */
export interface SyncPosition {
  page: number;
  font: FontSize | null;
  readAt: number;
  deviceId: string | null;
}

type SyncMerge = 'accept' | 'older' | 'behind';

/**
 * Whether `incoming` replaces `stored` (§4 page sync):
 * - older (`readAt` before the stored one) never overwrites → 'older' (the server answers 409);
 * - the same device may move anywhere, including backwards → 'accept';
 * - another device moving forward → 'accept'; moving back while the stored position is recent
 *   (within `recentMs`) keeps the furthest recent position → 'behind'; once that is no longer
 *   recent, the newer position wins → 'accept'. Positions in different fonts are not comparable:
 *   the newer wins.
 */
export function mergeSyncPosition(stored: SyncPosition | null, incoming: SyncPosition, recentMs: number = RECENT_POSITION_MS): SyncMerge {
  if (!stored) return 'accept';
  if (incoming.readAt < stored.readAt) return 'older';
  if (incoming.deviceId !== null && incoming.deviceId === stored.deviceId) return 'accept';
  if (incoming.font !== stored.font) return 'accept';
  if (incoming.page >= stored.page) return 'accept';
  return incoming.readAt - stored.readAt > recentMs ? 'accept' : 'behind';
}

/**
 * Where to open on this device: the local (this device's) and the synced position are merged
 * with the same rule, so the furthest recent position wins and an older one never wins.
 */
export function resumePosition(local: SyncPosition | null, synced: SyncPosition | null): SyncPosition | null {
  if (!local) return synced;
  if (!synced) return local;
  return mergeSyncPosition(local, synced) === 'accept' ? synced : local;
}

/** A position this device keeps for a book or an episode (localStorage), without a device id. */
export type KeptPosition = { page: number; font: FontSize | null; readAt: number };
/** The device's kept positions by key (`keptPositionKey`). */
type KeptPositions = Record<string, KeptPosition>;

export const keptPositionKey = (kind: 'book' | 'episode', id: number): string => `${kind}:${id}`;

const FONTS: readonly (FontSize | null)[] = ['small', 'medium', 'large', null];

function isKept(value: unknown): value is KeptPosition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.page) &&
    (v.page as number) >= 0 &&
    Number.isFinite(v.readAt) &&
    (v.readAt as number) > 0 &&
    FONTS.includes(v.font as FontSize | null)
  );
}

/** The kept positions from their stored text; anything malformed (or not JSON) is dropped. */
export function parseKeptPositions(raw: string | null): KeptPositions {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const kept: KeptPositions = {};
  for (const [key, position] of Object.entries(value)) {
    if (isKept(position)) kept[key] = { page: position.page, font: position.font, readAt: position.readAt };
  }
  return kept;
}

/** Keeps `position` under `key`; beyond `max` entries, the least recently read are forgotten. */
export function withKeptPosition(all: KeptPositions, key: string, position: KeptPosition, max: number = KEPT_POSITIONS_MAX): KeptPositions {
  const entries = Object.entries({ ...all, [key]: position });
  if (entries.length <= max) return Object.fromEntries(entries);
  entries.sort((a, b) => b[1].readAt - a[1].readAt);
  return Object.fromEntries(entries.slice(0, max));
}

/** Where the reader opens and how it came to be there. */
export type OpeningPosition = {
  page: number;
  font: FontSize | null;
  /** When that position was read (null: asked for by the URL, so it is new reading now). */
  readAt: number | null;
  /** The server already holds this position (nothing to sync until the reader moves). */
  synced: boolean;
};

/**
 * Where a book opens on this device (issue 34): an explicit startupPage wins; else the position
 * this device kept and the member's synced one, merged by the §4 rule (the later wins, unless it
 * is another device's recent step back); else null, the cover.
 */
export function openingPosition(input: {
  startupPage: number | null;
  kept: KeptPosition | null;
  synced: KeptPosition | null;
}): OpeningPosition | null {
  if (input.startupPage !== null) return { page: input.startupPage, font: null, readAt: null, synced: false };
  const local = input.kept ? { ...input.kept, deviceId: 'this' } : null;
  const server = input.synced ? { ...input.synced, deviceId: null } : null;
  const chosen = resumePosition(local, server);
  if (!chosen) return null;
  const same = (a: KeptPosition | null) => a !== null && a.page === chosen.page && a.font === chosen.font;
  return { page: chosen.page, font: chosen.font, readAt: chosen.readAt, synced: same(input.synced) };
}
