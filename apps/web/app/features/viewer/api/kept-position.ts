import { type KeptPosition, parseKeptPositions, withKeptPosition } from '@hondana/domain/viewer/resume';

/** The positions this device keeps (issue 34: a reload or a reopen comes back to the page). */
const KEPT_KEY = 'hondana.viewer.positions';

/** The position this device kept under `key` (`keptPositionKey`), or null. */
export function readKeptPosition(key: string): KeptPosition | null {
  try {
    return parseKeptPositions(localStorage.getItem(KEPT_KEY))[key] ?? null;
  } catch {
    return null;
  }
}

/** Keeps `position` under `key`, read again first so another tab's books are not lost. */
export function saveKeptPosition(key: string, position: KeptPosition): void {
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(withKeptPosition(parseKeptPositions(localStorage.getItem(KEPT_KEY)), key, position)));
  } catch {
    // Private mode or a full quota: the position lasts for this visit (and the member's sync).
  }
}
