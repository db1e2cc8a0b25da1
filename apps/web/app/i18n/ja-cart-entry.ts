import { registerCopy } from './i18n';

/** The cart strings a guest's volume page renders before any click (part of `ja`; the rest is `ja-cart.ts`). */
export const jaCartEntry = {
  add: 'カートに追加',
} as const;

declare module './i18n' {
  interface AreaCopy {
    cartEntry: typeof jaCartEntry;
  }
}

registerCopy('cartEntry', jaCartEntry);
