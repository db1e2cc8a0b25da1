import { QueryProvider } from '../components/query-provider';
import { LotteryPage } from '../features/campaigns/components/lottery-page';
import { campaignCopy as c } from '../i18n/ja-campaigns';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/lottery';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: c('lottery.title'), description: c('lottery.description') }),
  { property: 'og:image', content: `/api/lottery/ogp_image?lottery_campaign_id=${Number(params.campaignId) || 0}` },
];

/** `/lottery/{campaignId}` (§2: a lottery page under a base path plus a campaign id). */
export default function Lottery({ params }: Route.ComponentProps) {
  const campaignId = Number(params.campaignId);
  return (
    <QueryProvider>
      <LotteryPage campaignId={Number.isInteger(campaignId) && campaignId > 0 ? campaignId : 0} />
    </QueryProvider>
  );
}
