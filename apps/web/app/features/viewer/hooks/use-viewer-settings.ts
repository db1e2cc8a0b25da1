import type { ViewerSettings } from '@hondana/domain/reading/reading-api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { memberSettingsQuery } from '../api/member-settings-query';
import { deviceSpreadDefault, localSettings, putMemberSettings, saveLocalSettings } from '../api/viewer-settings';

/**
 * §3 Viewer settings: per member on the server, per device (localStorage) for guests. The
 * direction toggle is also kept on the device (§4 "stored locally"), and wins on that device.
 * The reader's changes apply at once over what was read, and are sent to the server for a member.
 */
export function useViewerSettings(loggedIn: boolean) {
  // The reader renders in the browser only (after the book loads), so the device's copy is at hand.
  const [local] = useState<ViewerSettings>(localSettings);
  const [spread] = useState(deviceSpreadDefault);
  const member = useQuery({ ...memberSettingsQuery(), enabled: loggedIn });
  const [changes, setChanges] = useState<Partial<ViewerSettings>>({});
  // A phone that never chose 見開き表示 starts with it off, whatever the member's default.
  const settings = useMemo<ViewerSettings>(() => {
    const base = member.data ? { ...member.data, direction: local.direction, ...(spread === null ? {} : { spread }) } : local;
    return { ...base, ...changes };
  }, [member.data, local, spread, changes]);
  const { mutate: save } = useMutation({ mutationFn: putMemberSettings });

  const update = useCallback(
    (patch: Partial<ViewerSettings>) => {
      saveLocalSettings({ ...settings, ...patch });
      setChanges((previous) => ({ ...previous, ...patch }));
      if (loggedIn) save(patch);
    },
    [loggedIn, save, settings],
  );
  return { settings, update };
}
