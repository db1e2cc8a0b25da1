/**
 * The bookshelf's public surface for the areas whose writes change a member's shelf: every
 * grant, revocation, rental and synced page calls one of these in its own transaction, so the
 * per-member series summary (`shelf_series`, decision 016) never lags behind the books.
 */
export { refreshShelfOfBooks, refreshShelfSeries, shelfBookGranted, touchShelfRead } from './shelf-series.repository';
