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

/**
 * §9 tracking refs of the reader's links (the `ref` a page or the viewer logs): the last page's
 * book-to-book recommendations and free ranking, the pre-order link, the LINE notice setting.
 * The invitation refs are `InvitationRef` (invitations).
 */
export const TrackingRef = {
  BOOK_TO_BOOK_READER: 'book_to_book_reader',
  FREE_RANKING_READER: 'free_ranking_reader',
  PREORDER_READER: 'preorder_reader',
  LINE_SETTING_READER: 'lineSetting_reader',
} as const;
