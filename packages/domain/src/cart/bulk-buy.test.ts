import { describe, expect, it } from 'vitest';
import { type BulkVolume, pickBulkVolumes } from './bulk-buy';

const vol = (n: number, over: Partial<BulkVolume> = {}): BulkVolume => ({
  bookId: 100 + n,
  vol: n,
  owned: false,
  onSale: true,
  unreleased: false,
  ...over,
});
const title = [vol(1, { owned: true }), vol(2), vol(3, { owned: true }), vol(4), vol(5), vol(6, { onSale: false, unreleased: true })];

describe('pickBulkVolumes', () => {
  it('all: every volume on sale not owned; owned and unreleased named as left out', () => {
    expect(pickBulkVolumes(title, {})).toEqual({ bookIds: [102, 104, 105], ownedVols: [1, 3], unreleasedVols: [6] });
  });
  it('the next N counts only volumes to buy', () => {
    expect(pickBulkVolumes(title, { count: 2 })).toEqual({ bookIds: [102, 104], ownedVols: [1, 3], unreleasedVols: [] });
  });
  it('from volume X (and at most N from there)', () => {
    expect(pickBulkVolumes(title, { fromVol: 4 })).toEqual({ bookIds: [104, 105], ownedVols: [], unreleasedVols: [6] });
    expect(pickBulkVolumes(title, { fromVol: 3, count: 1 })).toEqual({ bookIds: [104], ownedVols: [3], unreleasedVols: [] });
  });
  it('stopped volumes are neither bought nor named', () => {
    expect(pickBulkVolumes([vol(1, { onSale: false })], {})).toEqual({ bookIds: [], ownedVols: [], unreleasedVols: [] });
  });
});
