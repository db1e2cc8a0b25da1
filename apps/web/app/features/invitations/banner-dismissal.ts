import type { BannerKind } from '@hondana/domain/cart/coupon-banner';

/** §9: banner dismissals are kept in this browser, one instant (epoch ms) per banner. */
const key = (kind: BannerKind) => `hondana.banner.${kind}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const browserStore = (): Store => window.localStorage;

export function dismissedAt(kind: BannerKind, store: () => Store = browserStore): number | null {
  try {
    const at = Number(store().getItem(key(kind)));
    return at > 0 ? at : null;
  } catch {
    return null;
  }
}

export function dismiss(kind: BannerKind, now: number, store: () => Store = browserStore): void {
  try {
    store().setItem(key(kind), String(now));
  } catch {
    // Storage refused (private mode): the banner still closes for this page.
  }
}
