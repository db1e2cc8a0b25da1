/**
 * Which query schema a `/log/<kind>` call is read with (§7 Tracking, §8): the page log and the
 * read-end with their required fields, every other kind the plain `LogQuery` (`log-api.ts`).
 */
import { LogQuery, PageLogQuery, ReadEndLogQuery } from './log-api';

/** The query schema of each `/log/<kind>`: the two of §8 with required fields, the rest `LogQuery`. */
export const logQueryOf = (kind: string): typeof LogQuery =>
  (kind === 'page' ? PageLogQuery : kind === 'read_end' ? ReadEndLogQuery : LogQuery) as typeof LogQuery;
