import type { FontSize } from '@hondana/domain/reading/reading-api';
import { PAGE_SYNC_MS } from '@hondana/domain/viewer/timing';
import { useEffect, useRef } from 'react';
import { beaconSyncPage, deviceId, postSyncPage } from '../api/page-sync';

export type SyncTarget = { bookId: number; page: number; font: FontSize | null };

/**
 * §4 page sync: every 20 s while enabled (only when the position moved), and once more with
 * navigator.sendBeacon when the reader leaves or hides the page. Requests run off the reading
 * path: they never wait for, or hold up, page images.
 */
export function usePageSync(enabled: boolean, target: SyncTarget) {
  const latest = useRef({ ...target, readAt: 0 });
  const sent = useRef<string | null>(null);
  const key = `${target.bookId}:${target.page}:${target.font}`;

  useEffect(() => {
    latest.current = { ...latest.current, bookId: target.bookId, page: target.page, font: target.font, readAt: Date.now() };
    // The key already names every field of the target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!enabled) return;
    const position = () => ({ ...latest.current, deviceId: deviceId() });
    const changed = () => {
      const now = `${latest.current.bookId}:${latest.current.page}:${latest.current.font}`;
      if (now === sent.current) return false;
      sent.current = now;
      return true;
    };
    const timer = setInterval(() => {
      if (changed()) void postSyncPage(position());
    }, PAGE_SYNC_MS);
    const leave = () => {
      if (document.visibilityState === 'hidden' && changed()) beaconSyncPage(position());
    };
    const unload = () => {
      if (changed()) beaconSyncPage(position());
    };
    document.addEventListener('visibilitychange', leave);
    window.addEventListener('pagehide', unload);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', leave);
      window.removeEventListener('pagehide', unload);
      unload();
    };
  }, [enabled]);
}
