import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { describe, expect, it } from 'vitest';
import { currentSubscription, isLive, memberBonusFlags } from './current-subscription';

const sub = (overrides: Partial<UserSubscription>): UserSubscription => ({
  id: 1,
  planId: 1,
  plan: { name: 'ライトコース', coin: 500, taxIncludedPrice: 500, firstBonus: 300, secondBonus: 100, cycleBonus: 25, bonusPercentage: 5 },
  paymentType: 'creditcard',
  cardId: null,
  card: null,
  status: 'ACTIVE',
  paymentCount: 1,
  renewalDatetime: 2000,
  endDatetime: null,
  retryDatetime: null,
  firstBonusFlg: true,
  secondBonusFlg: false,
  failureCode: null,
  createdDatetime: 0,
  cancelDatetime: null,
  ...overrides,
});

describe('currentSubscription', () => {
  it('is the live subscription, or a cancelled one until its paid month ends', () => {
    const active = sub({ id: 2 });
    expect(currentSubscription([active, sub({ id: 1, status: 'CANCEL', endDatetime: 5000 })], 1000)).toBe(active);
    const cancelled = sub({ status: 'CANCEL', endDatetime: 5000, renewalDatetime: null });
    expect(currentSubscription([cancelled], 1000)).toBe(cancelled);
    expect(currentSubscription([cancelled], 6000)).toBeNull();
    expect(currentSubscription([sub({ status: 'ERROR', retryDatetime: null })], 1000)).toBeNull();
    expect(currentSubscription([sub({ status: 'ERROR', retryDatetime: 3000 })], 1000)?.status).toBe('ERROR');
    expect(currentSubscription(null, 0)).toBeNull();
  });

  it('knows a live one and the member’s bonus flags', () => {
    expect(isLive(sub({}))).toBe(true);
    expect(isLive(sub({ status: 'CANCEL' }))).toBe(false);
    expect(memberBonusFlags([sub({ firstBonusFlg: false }), sub({ firstBonusFlg: true, secondBonusFlg: true })])).toEqual({
      firstBonusFlg: true,
      secondBonusFlg: true,
    });
  });
});
