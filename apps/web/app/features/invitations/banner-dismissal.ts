import { type BannerKind, bannerVisibleAfterDismissal } from '@hondana/domain/coupon-banner';

/** §9: banner dismissals are kept in this browser, one instant (epoch ms) per banner. */
const key = (kind: BannerKind) => `hondana.banner.${kind}`;

export function dismissedAt(kind: BannerKind): number | null {
  try {
    const at = Number(window.localStorage.getItem(key(kind)));
    return at > 0 ? at : null;
  } catch {
    return null;
  }
}

export function dismiss(kind: BannerKind, now: number): void {
  try {
    window.localStorage.setItem(key(kind), String(now));
  } catch {
    // Storage refused (private mode): the banner still closes for this page.
  }
}

export const visibleNow = (kind: BannerKind, now: number) => bannerVisibleAfterDismissal(dismissedAt(kind), now);
