import { type DehydratedState, type QueryKey, QueryClient, dehydrate } from '@tanstack/react-query';

/** A query a loader fills on the server: the key the page's hook reads, and the in-process call that answers it. */
export type Prefetch = { queryKey: QueryKey; queryFn: () => Promise<unknown> };

/**
 * Server rendering of a page whose parts load with TanStack Query (issue 40): the loader runs
 * the queries the page reads, in-process through the load context, and hands their answers to the
 * page as a dehydrated cache. `QueryProvider state={…}` hydrates it, so the HTML the server sends
 * shows the data and the browser does not ask for it a second time. A query that fails is left
 * out: the page asks for it in the browser, as before.
 */
export async function prefetched(...queries: Prefetch[]): Promise<DehydratedState> {
  // No retries on the server: a call that fails (a campaign that does not exist) fails at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await Promise.all(queries.map((q) => client.prefetchQuery(q)));
  return dehydrate(client);
}
