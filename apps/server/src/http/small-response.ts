/**
 * Route options for GET calls whose answer is always a few hundred bytes and that take no
 * body: below the compression threshold and with nothing to decompress, the compress plugin's
 * per-route hooks would only cost time (they are the polled calls: get_status, get_time).
 */
export const smallResponse = { compress: false, decompress: false } as const;
