import type { ViewerSettings } from '@hondana/domain/reading/reading-api';
import { useCallback, useEffect, useState } from 'react';
import {
  deviceSpreadDefault,
  getMemberSettings,
  localSettings,
  putMemberSettings,
  saveLocalSettings,
} from '../api/viewer-settings';

/**
 * §3 Viewer settings: per member on the server, per device (localStorage) for guests. The
 * direction toggle is also kept on the device (§4 "stored locally"), and wins on that device.
 */
export function useViewerSettings(loggedIn: boolean) {
  // The reader renders in the browser only (after the book loads), so the device's copy is at hand.
  const [settings, setSettings] = useState<ViewerSettings>(localSettings);

  useEffect(() => {
    if (!loggedIn) return;
    const local = localSettings();
    // A phone that never chose 見開き表示 starts with it off, whatever the member's default.
    const spread = deviceSpreadDefault();
    let live = true;
    getMemberSettings().then(
      (server) => live && setSettings({ ...server, direction: local.direction, ...(spread === null ? {} : { spread }) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loggedIn]);

  const update = useCallback(
    (patch: Partial<ViewerSettings>) => {
      setSettings((current) => {
        const next = { ...current, ...patch };
        saveLocalSettings(next);
        return next;
      });
      if (loggedIn) putMemberSettings(patch).catch(() => undefined);
    },
    [loggedIn],
  );
  return { settings, update };
}
