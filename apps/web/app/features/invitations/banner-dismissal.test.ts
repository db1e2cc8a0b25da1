import { BANNER_RESHOW_MS, BannerKind, bannerVisibleAfterDismissal, chooseBanner } from '@hondana/domain/cart/coupon-banner';
import { describe, expect, it } from 'vitest';
import { dismiss, dismissedAt } from './banner-dismissal';

/** What the banner does with the kept dismissal (the page passes it to chooseBanner the same way). */
const visibleNow = (kind: BannerKind, now: number, store: Parameters<typeof dismissedAt>[1]) =>
  bannerVisibleAfterDismissal(dismissedAt(kind, store), now);

const memoryStore = () => {
  const map = new Map<string, string>();
  const store = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
  return () => store;
};
const NOW = Date.parse('2026-11-25T03:00:00Z');

describe('banner dismissals kept locally', () => {
  it('a closed banner stays hidden for 24 hours and shows again after', () => {
    const store = memoryStore();
    expect(visibleNow(BannerKind.INVITATION, NOW, store)).toBe(true);
    dismiss(BannerKind.INVITATION, NOW, store);
    expect(dismissedAt(BannerKind.INVITATION, store)).toBe(NOW);
    expect(visibleNow(BannerKind.INVITATION, NOW + BANNER_RESHOW_MS - 1, store)).toBe(false);
    expect(visibleNow(BannerKind.INVITATION, NOW + BANNER_RESHOW_MS, store)).toBe(true);
    expect(visibleNow(BannerKind.APP, NOW, store)).toBe(true);
  });

  it('with the invitation banner closed a member sees the app banner, then the invitation banner again a day later', () => {
    const store = memoryStore();
    dismiss(BannerKind.INVITATION, NOW, store);
    const facts = (now: number) => ({
      loggedIn: true,
      guestCouponForBook: false,
      invitation: { campaign: true, incentive: true, limitReached: false },
      dismissedAt: {
        invitation: dismissedAt(BannerKind.INVITATION, store),
        app: dismissedAt(BannerKind.APP, store),
      },
      now,
    });
    expect(chooseBanner(facts(NOW + 60_000))).toBe(BannerKind.APP);
    expect(chooseBanner(facts(NOW + BANNER_RESHOW_MS))).toBe(BannerKind.INVITATION);
  });

  it('a storage that refuses reads counts as never dismissed', () => {
    const broken = () => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => dismiss(BannerKind.APP, NOW, broken)).not.toThrow();
    expect(visibleNow(BannerKind.APP, NOW, broken)).toBe(true);
  });
});
