import { describe, expect, it } from 'vitest';
import { legacyLedgerLine, ledgerLine } from './ledger-lines';

describe('ledger lines (Japanese, naming the book or episode)', () => {
  it('names the book, the episode and the order', () => {
    expect(ledgerLine.bookPurchase([{ titleName: 'ねこの本棚', vol: 3 }])).toBe('ねこの本棚 3巻 購入');
    expect(
      ledgerLine.bookPurchase([
        { titleName: 'ねこの本棚', vol: 1 },
        { titleName: 'ねこの本棚', vol: 2 },
        { titleName: '空', vol: 1 },
      ]),
    ).toBe('ねこの本棚 1巻 ほか2冊 購入');
    expect(ledgerLine.episodeRental('星の連載', 5)).toBe('星の連載 第5話 レンタル');
    expect(ledgerLine.coinPackBonus(1)).toBe('マンガコイン購入特典 (注文1)');
  });
  it('rewrites the old English lines, and leaves others alone', () => {
    expect(legacyLedgerLine('serial episode 5 rental')).toBe('連載 エピソード5 レンタル');
    expect(legacyLedgerLine('order 5')).toBe('注文5 購入');
    expect(legacyLedgerLine('bonus: coin pack (order 1)')).toBe('マンガコイン購入特典 (注文1)');
    expect(legacyLedgerLine('bonus point: coin pack (order 1)')).toBe('マンガコイン購入特典ポイント (注文1)');
    expect(legacyLedgerLine('基本ポイント (order 7)')).toBe('基本ポイント（注文7）');
    expect(legacyLedgerLine('expired')).toBe('有効期限切れ');
    expect(legacyLedgerLine('ねこの本棚 3巻 購入')).toBeNull();
  });
});
