/**
 * A title's marks (§3 Title `newTags`, `metaList`): what a list or a page says about the title
 * as a whole, derived from its volumes at an instant.
 */
import { newTags } from './book-tile';

/** Ids of the §3 `metaList` entries: stable, so a client may key styles on them. */
export const TitleMeta = { COMPLETE: 1, NEW_VOLUME: 2, FREE_VOLUMES: 3, SERIAL: 4 } as const;

const META_NAMES: Record<keyof typeof TitleMeta, string> = {
  COMPLETE: '完結',
  NEW_VOLUME: '新刊',
  FREE_VOLUMES: '無料あり',
  SERIAL: '連載中',
};

export interface TitleMarkFacts {
  complete: boolean;
  /** Release of the title's newest released volume (null before the first). */
  newestReleased: number | null;
  /** A volume of the title is free now. */
  hasFreeVolume: boolean;
  /** The title has a running serial. */
  hasSerial: boolean;
}

/** §3 Title `newTags`: NEW while its newest released volume is new. */
export const titleNewTags = (facts: TitleMarkFacts, now: number): string[] => newTags(facts.newestReleased, now);

/** §3 Title `metaList`: 完結, 新刊, 無料あり and 連載中 where they hold, in that order. */
export function titleMetaList(facts: TitleMarkFacts, now: number): { id: number; name: string }[] {
  const holds: Record<keyof typeof TitleMeta, boolean> = {
    COMPLETE: facts.complete,
    NEW_VOLUME: titleNewTags(facts, now).length > 0,
    FREE_VOLUMES: facts.hasFreeVolume,
    SERIAL: facts.hasSerial,
  };
  return (Object.keys(TitleMeta) as (keyof typeof TitleMeta)[])
    .filter((k) => holds[k])
    .map((k) => ({ id: TitleMeta[k], name: META_NAMES[k] }));
}
