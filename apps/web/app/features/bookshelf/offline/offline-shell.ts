/**
 * The page that reads saved books with the network cut (`/bookshelf/offline`): the service
 * worker keeps its HTML in this cache (apps/web/pwa/pwa-options.ts), and the shelf puts it there
 * when a book is saved, so the first offline visit finds it.
 */
export const OFFLINE_SHELL_PATH = '/bookshelf/offline';
export const OFFLINE_SHELL_CACHE = 'hondana-offline-shell';
