/**
 * The guests' appeal's query key (§7 `/non_login_appeal`): the top page's loader fills it for a
 * guest (`prefetched`), so the appeal is in the HTML the server sends. Its own module, so the top
 * page's own code does not take in the banners' fetching code (loaded lazily with them).
 */
export const nonLoginAppealQueryKey = ['banners', 'nonLoginAppeal'] as const;
