import { tokyoDay } from '@hondana/domain/common/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { insertAppOpenDay } from './missions.repository';
import { advanceMissions } from './missions.service';

interface AppOpensOptions {
  db: Kysely<Database>;
  now: () => number;
  onError: (error: unknown) => void;
}

/**
 * Opening the app, counted for the missions' "open the app on N days": told of every member a
 * request is made for (`accounts/session-plugin.ts` `onMemberSeen`), it writes at most one row
 * per member and Tokyo day (`app_open_days`, insert-or-ignore) and, when that row is new,
 * advances the member's missions in the same transaction. The write runs after the request's
 * tick, never in its way; a member already seen today in this process costs one set lookup.
 */
export class AppOpens {
  private day = '';
  private readonly seen = new Set<number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: AppOpensOptions) {}

  /** The member opened the app now. */
  seenMember(userId: number): void {
    const now = this.options.now();
    const day = tokyoDay(now);
    if (day !== this.day) {
      this.day = day;
      this.seen.clear();
    }
    if (this.seen.has(userId)) return;
    this.seen.add(userId);
    const write = this.record(userId, day, now)
      .then(
        () => undefined,
        (error: unknown) => {
          if (this.day === day) this.seen.delete(userId);
          this.options.onError(error);
        },
      )
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Writes the day's row; the missions advance only for the process that wrote it. */
  async record(userId: number, day: string, now: number): Promise<boolean> {
    return this.options.db.transaction().execute(async (trx) => {
      if (!(await insertAppOpenDay(trx, userId, day, now))) return false;
      await advanceMissions(trx, userId, { kind: 'view', now }, now);
      return true;
    });
  }

  /** Resolves when the writes started so far are done (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
