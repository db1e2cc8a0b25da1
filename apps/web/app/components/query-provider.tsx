import { type DehydratedState, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api/client';

/** One more try for a failed call, but not for a 401: asking again without a session gets the same answer. */
const retryOnce = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiError && error.status === 401);

/**
 * TanStack Query for the parts of a page that load client-side (recommendations, reviews). Mounted by
 * the routes that need it rather than by root.tsx, so pages without client data do not ship it.
 * `state` is what the route's loader prefetched on the server (`prefetched`, lib/prefetch.server.ts).
 */
export function QueryProvider({ children, state }: { children: ReactNode; state?: DehydratedState }) {
  // One client per browser tab (and per server render), never shared between requests.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: retryOnce } } }));
  return (
    <QueryClientProvider client={queryClient}>
      {state ? <HydrationBoundary state={state}>{children}</HydrationBoundary> : children}
    </QueryClientProvider>
  );
}
