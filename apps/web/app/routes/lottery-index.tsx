import { QueryProvider } from '../components/query-provider';
import { allMyTicketsQueryKey, runningCampaignsQueryOptions } from '../features/campaigns/api/get-running-campaigns';
import { LotteryIndex } from '../features/campaigns/components/lottery-index';
import { type Prefetch, prefetched } from '../lib/prefetch.server';
import { campaignCopy } from '../i18n/ja-campaigns';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/lottery-index';

export const meta = () => pageMeta({ title: campaignCopy('index.heading'), description: campaignCopy('lottery.description') });

/**
 * The running campaigns are in the HTML the server sends (issue 40); a guest's ticket list is the
 * sign-in link at once. A member's tickets are theirs alone: the browser asks for them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const campaigns = runningCampaignsQueryOptions();
  const queries: Prefetch[] = [{ queryKey: campaigns.queryKey, queryFn: () => context.lottery.running() }];
  if (context.viewer === null) queries.push({ queryKey: allMyTicketsQueryKey, queryFn: async () => null });
  return { dehydrated: await prefetched(...queries) };
}

/** `/lottery`: running lottery campaigns and the member's tickets with their expiry. */
export default function LotteryIndexRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <LotteryIndex />
    </QueryProvider>
  );
}
