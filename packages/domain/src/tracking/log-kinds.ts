/**
 * The §7 Tracking calls, all GET `/log/<kind>`. Kept apart from the request schema (no zod) so
 * the browser's beacon imports only these names.
 */
export const LOG_KINDS = [
  'add_wish_list',
  'delete_wish_list',
  'module_tap',
  'module_view',
  'page',
  'popup_read_end',
  'post_sns',
  'read_end',
  'read_start',
  'search',
  'tap_result',
  'tap_section',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];
