/**
 * What members did with a title (read a volume or an episode, wished it), recorded by the areas
 * where it happens, in their own transaction; rankings and recommendations read them.
 */
export { type CatalogEvent, insertCatalogEvent as recordCatalogEvent } from './catalog-events.repository';
