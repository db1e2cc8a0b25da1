import type { FontSize } from '@hondana/domain/reading/reading-api';
import type { KeptPosition, OpeningPosition } from '@hondana/domain/viewer/resume';
import { PAGE_SYNC_MS } from '@hondana/domain/viewer/timing';
import { useCallback, useEffect, useRef } from 'react';
import { saveKeptPosition } from '../api/kept-position';
import { beaconSyncPage, deviceId, postSyncPage } from '../api/page-sync';

type ReadingPosition = {
  page: number;
  font: FontSize | null;
  /** False while the position is not known yet (a text book before its first layout). */
  ready: boolean;
};

type PositionPlace = {
  /** Where this device keeps the position (`keptPositionKey`). */
  keepKey: string;
  /** The book whose position is synced to the server (§4, members), else null. */
  syncBookId: number | null;
  /** Where the reader opened (`openingPosition`): not new reading until the reader moves. */
  opening: OpeningPosition | null;
};

/** Keeping on the device waits this long after a page turn (a run of turns writes once). */
const KEEP_DELAY_MS = 400;

const keyOf = (p: { page: number; font: FontSize | null }) => `${p.page}:${p.font}`;

/**
 * The reader's position, kept so that a reload or a reopen comes back to the page (issue 34):
 * on this device (localStorage, for guests too) shortly after each move and at once when the
 * page is hidden or left; and for members, §4 page sync every 20 s while it moved, and once
 * more with navigator.sendBeacon on `visibilitychange` (hidden) and `pagehide`. The position the
 * reader opened at keeps its own time, so opening a page is not reading it anew. Nothing here
 * runs on the page turn itself: writes wait for a timer or for the page to be left.
 */
export function usePageSync(position: ReadingPosition, { keepKey, syncBookId, opening }: PositionPlace) {
  const latest = useRef<KeptPosition | null>(null);
  const openedAt = opening?.readAt ?? null;
  const openedKey = opening ? keyOf(opening) : null;
  // What the device and the server already hold, so neither is written again for nothing.
  const kept = useRef<string | null>(openedAt === null ? null : openedKey);
  const sent = useRef<string | null>(opening?.synced ? openedKey : null);
  const key = position.ready ? keyOf(position) : null;

  const keep = useCallback(() => {
    const now = latest.current;
    if (!now || keyOf(now) === kept.current) return;
    kept.current = keyOf(now);
    saveKeptPosition(keepKey, now);
  }, [keepKey]);

  useEffect(() => {
    if (key === null) return;
    const opened = latest.current === null && openedAt !== null && key === openedKey;
    latest.current = { page: position.page, font: position.font, readAt: opened ? openedAt : Date.now() };
    const timer = setTimeout(keep, KEEP_DELAY_MS);
    return () => clearTimeout(timer);
    // The key names the position's fields; the opening is read for the first position only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, keep]);

  useEffect(() => {
    const unsent = (): KeptPosition | null => {
      const now = latest.current;
      if (syncBookId === null || !now || keyOf(now) === sent.current) return null;
      sent.current = keyOf(now);
      return now;
    };
    const body = (p: KeptPosition) => ({ bookId: syncBookId!, ...p, deviceId: deviceId() });
    const timer =
      syncBookId === null
        ? undefined
        : setInterval(() => {
            const p = unsent();
            if (p) void postSyncPage(body(p));
          }, PAGE_SYNC_MS);
    const leave = () => {
      keep();
      const p = unsent();
      if (p) beaconSyncPage(body(p));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [syncBookId, keep]);
}
