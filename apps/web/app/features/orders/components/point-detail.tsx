import { formatAmount } from '@hondana/domain/common/format';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { useId, useState } from 'react';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './purchase.module.css';

/**
 * The point-detail popup (§2): the points this purchase earns, line by line. §5: the total is
 * the campaigns' total plus price-range points, which this store does not run (0).
 */
export function PointDetail({ points }: { points: PointCampaignSummary }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const total = points.totalPoint + 0;
  return (
    <div className={styles.points}>
      <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {walletCopy('purchase.points')} {walletCopy('purchase.pointsTotal', { point: formatAmount(total) })}
      </button>
      {open && (
        <div id={id} role="region" aria-label={walletCopy('purchase.pointsTitle')} className={styles.pointsPopup}>
          {points.list.length === 0 ? (
            <p>{walletCopy('purchase.pointsEmpty')}</p>
          ) : (
            <dl>
              {points.list.map((line) => (
                <div key={line.id}>
                  <dt>{line.name}</dt>
                  <dd>{formatAmount(line.point)}pt</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </div>
  );
}
