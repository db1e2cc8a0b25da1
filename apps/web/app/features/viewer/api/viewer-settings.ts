import type { ViewerSettings, ViewerSettingsPatch } from '@hondana/domain/reading/reading-api';
import { DEFAULT_FONT_SIZE, DEFAULT_FONT_TYPE } from '@hondana/domain/viewer/controls';
import { apiRequest } from '../../../lib/api/client';

/** §3 Viewer settings' defaults (reading.ts DEFAULT_VIEWER_SETTINGS, without shipping Zod). */
const DEFAULT_SETTINGS: ViewerSettings = {
  direction: 'horizontal',
  fontSize: DEFAULT_FONT_SIZE,
  fontType: DEFAULT_FONT_TYPE,
  spread: true,
  spreadShift: false,
  tapNavigation: true,
  transitionAnimation: true,
  lastPageReset: false,
  writingMode: 'book',
};

const LOCAL_KEY = 'hondana.viewer.settings';
/** §4: the direction toggle is stored locally (for members too, so a device keeps its habit). */
const DIRECTION_KEY = 'hondana.viewer.direction';

/** Below the §9 tablet breakpoint a spread never fits, so 見開き表示 starts off there. */
const PHONE_QUERY = '(max-width: 767px)';

/**
 * The 見開き表示 this device starts with when nobody chose it here: off on a phone, the §3
 * default elsewhere; null when the device keeps a choice (which then wins, for members too).
 */
export function deviceSpreadDefault(): boolean | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<ViewerSettings>) : {};
    if (typeof stored.spread === 'boolean') return null;
  } catch {
    // A bad stored value: localSettings removes it.
  }
  return window.matchMedia(PHONE_QUERY).matches ? false : null;
}

/** Guests' settings live on the device; a bad stored value is removed (§8). */
export function localSettings(): ViewerSettings {
  try {
    const raw = localStorage.getItem(LOCAL_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<ViewerSettings>) : {};
    const direction = localStorage.getItem(DIRECTION_KEY);
    const spread = deviceSpreadDefault();
    return {
      ...DEFAULT_SETTINGS,
      ...(spread === null ? {} : { spread }),
      ...stored,
      ...(direction === 'vertical' || direction === 'horizontal' ? { direction } : {}),
    };
  } catch {
    localStorage.removeItem(LOCAL_KEY);
    return DEFAULT_SETTINGS;
  }
}

export function saveLocalSettings(settings: ViewerSettings): void {
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(settings));
    localStorage.setItem(DIRECTION_KEY, settings.direction);
  } catch {
    // Private mode or a full quota: the settings last for this visit only.
  }
}

/** `GET /api/viewer_settings/me` (members; defaults when never saved). */
export const getMemberSettings = (): Promise<ViewerSettings> =>
  apiRequest<ViewerSettings>('/api/viewer_settings/me', { allowUnauthorized: true });

/** `PUT /api/viewer_settings/me` with the changed fields. */
export const putMemberSettings = (patch: ViewerSettingsPatch): Promise<ViewerSettings> =>
  apiRequest<ViewerSettings>('/api/viewer_settings/me', { method: 'PUT', json: patch, allowUnauthorized: true });
