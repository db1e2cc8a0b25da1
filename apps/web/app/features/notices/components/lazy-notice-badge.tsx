import { Suspense, lazy } from 'react';

/** The badge and its fetch load only for members, after the page: guests never download them. */
const NoticeBadge = lazy(() => import('./notice-badge').then((m) => ({ default: m.NoticeBadge })));

export function LazyNoticeBadge() {
  return (
    <Suspense fallback={null}>
      <NoticeBadge />
    </Suspense>
  );
}
