import { data } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { lotteryCampaignQueryOptions } from '../features/campaigns/api/get-lottery-campaign';
import { LotteryPage } from '../features/campaigns/components/lottery-page';
import { prefetched } from '../lib/prefetch.server';
import { campaignCopy } from '../i18n/ja-campaigns';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/lottery';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: campaignCopy('lottery.title'), description: campaignCopy('lottery.description') }),
  { property: 'og:image', content: `/api/lottery/ogp_image?lottery_campaign_id=${Number(params.campaignId) || 0}` },
];

const campaignIdOf = (param: string | undefined): number => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** The campaign (boxes, prizes, period) is in the HTML the server sends (issue 40); a member's tickets load in the browser. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const campaignId = campaignIdOf(params.campaignId);
  const campaign = await context.lottery.campaign(campaignId);
  if (!campaign) throw data(null, { status: 404 });
  return { dehydrated: await prefetched({ queryKey: lotteryCampaignQueryOptions(campaignId).queryKey, queryFn: async () => campaign }) };
}

/** `/lottery/{campaignId}` (§2: a lottery page under a base path plus a campaign id). */
export default function Lottery({ params, loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <LotteryPage campaignId={campaignIdOf(params.campaignId)} />
    </QueryProvider>
  );
}
