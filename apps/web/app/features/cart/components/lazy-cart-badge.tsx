import { Suspense, lazy } from 'react';

/** The count loads after the page, in the browser only (cached guest pages stay member-free). */
const CartBadge = lazy(() => import('./cart-badge'));

export function LazyCartBadge({ member }: { member: boolean }) {
  return (
    <Suspense fallback={null}>
      <CartBadge member={member} />
    </Suspense>
  );
}
