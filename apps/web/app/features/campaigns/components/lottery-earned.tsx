import { Link } from 'react-router';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import styles from './lottery-earned.module.css';

/**
 * A purchase's result says the lottery tickets it earned (the order's `userLotteryTickets`, §7),
 * with a link to draw on the campaign's page. Nothing when the order earned none.
 */
export function LotteryEarned({ campaignIds }: { campaignIds: readonly number[] }) {
  const [first] = campaignIds;
  if (first === undefined) return null;
  return (
    <p role="status" className={styles.earned} data-testid="lottery-earned">
      <span>{campaignCopy('grant.earned', { count: campaignIds.length })}</span>
      <Link className={styles.link} to={`/lottery/${first}`}>
        {campaignCopy('grant.toDraw')}
      </Link>
    </p>
  );
}
