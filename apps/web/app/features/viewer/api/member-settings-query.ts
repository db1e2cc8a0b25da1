import { queryOptions } from '@tanstack/react-query';
import { getMemberSettings } from './viewer-settings';

/** `GET` of the member's viewer settings (§3), read once per opening: the reader changes them from here on. */
export const memberSettingsQuery = () =>
  queryOptions({ queryKey: ['viewer', 'member-settings'], queryFn: getMemberSettings, staleTime: Infinity, retry: false });
