/**
 * The catalog's facts as other areas may use them (the viewer's access rules, the reviews and
 * wish-list routes): a title's kept facts, a volume's row, and forgetting a title's facts after a
 * write that changes them (a review's rating, a wish count). The repositories stay the catalog's own.
 */
export type { TitleFacts } from './titles.repository';
export type { VolumeRow } from './books.repository';
export { forgetTitleFacts } from './titles.repository';
