import { QueryProvider } from '../components/query-provider';
import { LotteryIndex } from '../features/campaigns/components/lottery-index';
import { campaignCopy as c } from '../i18n/ja-campaigns';
import { pageMeta } from '../page-meta';

export const meta = () => pageMeta({ title: c('index.heading'), description: c('lottery.description') });

/** `/lottery`: running lottery campaigns and the member's tickets with their expiry. */
export default function LotteryIndexRoute() {
  return (
    <QueryProvider>
      <LotteryIndex />
    </QueryProvider>
  );
}
