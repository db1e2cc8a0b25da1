import { Link } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import { useRunningCampaigns } from '../api/get-running-campaigns';
import styles from './running-lotteries.module.css';

/**
 * Links to the lottery campaigns running now (`/lottery/campaigns`, §7), for the top page and my
 * page; nothing while none runs. `withList` adds the way to the member's tickets and their expiry.
 */
export function RunningLotteries({ withList = false }: { withList?: boolean }) {
  const campaigns = useRunningCampaigns();
  const running = campaigns.data ?? [];
  if (running.length === 0 && !withList) return null;
  return (
    <nav className={styles.running} aria-label={campaignCopy('index.heading')} data-testid="running-lotteries">
      <ul className={styles.list}>
        {running.map((campaign) => (
          <li key={campaign.lotteryCampaignId}>
            <Link className={styles.link} to={`/lottery/${campaign.lotteryCampaignId}`} style={{ borderColor: campaign.colorCode }}>
              <span className={styles.badge}>{campaignCopy('index.now')}</span>
              {campaign.name}
            </Link>
          </li>
        ))}
        {withList && (
          <li>
            <Link className={styles.link} to="/lottery">
              {campaignCopy('index.toList')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The top page's links, with their own query client (they load in their own chunk, after the page). */
export default function RunningLotteriesWithQueries() {
  return (
    <QueryProvider>
      <RunningLotteries />
    </QueryProvider>
  );
}
