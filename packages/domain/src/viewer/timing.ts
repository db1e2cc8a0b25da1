/** Viewer timers and thresholds of spec §9 and §4, the one place that names them. */

/** The tap (UI) hide timer: the header and footer hide this long after the last interaction. */
export const UI_HIDE_MS = 1500;
/** Opening the last page first shows a loading modal this long (§2). */
export const LAST_PAGE_LOADING_MS = 1500;
/** Page sync runs every 20 seconds while enabled (§4, §9), and once more on leaving (sendBeacon). */
export const PAGE_SYNC_MS = 20_000;
/** Prefetch and decode this many pages ahead of and behind what is on screen. */
export const PREFETCH_AHEAD = 4;
export const PREFETCH_BEHIND = 1;
/** Two-page spreads only on landscape screens wider than this (§9 desktop breakpoint). */
export const SPREAD_MIN_WIDTH = 1080;
/** A horizontal swipe shorter than this (CSS px) is a tap, not a page turn. */
export const SWIPE_MIN_PX = 40;
/** Another device's position counts as "recent" for this long (furthest recent position wins). */
export const RECENT_POSITION_MS = 5 * 60_000;
/** The device keeps the position of this many books and episodes, the most recently read. */
export const KEPT_POSITIONS_MAX = 200;
