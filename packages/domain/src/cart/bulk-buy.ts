/**
 * まとめ買い (§1, §7 `/cart/bulk`): which volumes of a title a bulk buy takes. A member picks a
 * range of the title's volumes — all, the next N, or from volume X (and at most N from there) —
 * and the buy takes the volumes in it that are on sale now and not theirs yet; the owned and the
 * not yet released ones are left out and said so.
 */

/** The range a member picks: every volume, from volume `fromVol` on, at most `count` of them. */
interface BulkRange {
  fromVol?: number | undefined;
  count?: number | undefined;
}

/** A volume of the title as the bulk buy sees it. */
export interface BulkVolume {
  bookId: number;
  vol: number;
  owned: boolean;
  /** On sale now (not stopped, not ended). */
  onSale: boolean;
  /** Not released yet (pre-order only). */
  unreleased: boolean;
}

interface BulkPick {
  /** The volumes to buy, in volume order. */
  bookIds: number[];
  /** Volumes in the range left out because the member has them. */
  ownedVols: number[];
  /** Volumes in the range left out because they are not released yet. */
  unreleasedVols: number[];
}

/**
 * The volumes a bulk buy of `range` takes, in volume order. "The next N" counts only volumes to
 * buy (owned and unreleased ones do not use up N); the left-out lists name only volumes that come
 * before the range's end, so a "next 2" does not list every later owned volume.
 */
export function pickBulkVolumes(volumes: readonly BulkVolume[], range: BulkRange): BulkPick {
  const ordered = [...volumes].sort((a, b) => a.vol - b.vol || a.bookId - b.bookId);
  const pick: BulkPick = { bookIds: [], ownedVols: [], unreleasedVols: [] };
  for (const v of ordered) {
    if (range.fromVol !== undefined && v.vol < range.fromVol) continue;
    if (range.count !== undefined && pick.bookIds.length >= range.count) break;
    if (v.owned) pick.ownedVols.push(v.vol);
    else if (v.unreleased) pick.unreleasedVols.push(v.vol);
    else if (v.onSale) pick.bookIds.push(v.bookId);
  }
  return pick;
}
