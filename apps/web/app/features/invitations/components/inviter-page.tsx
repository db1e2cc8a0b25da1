import { formatAmount } from '@hondana/domain/common/format';
import { InvitationRef } from '@hondana/domain/invitations/invitations';
import { formatTokyoDate, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { useState } from 'react';
import { invitationCopy } from '../../../i18n/ja-invitations';
import { useInviterInfo } from '../api/get-inviter-info';
import styles from './invitations.module.css';
import { ShareModal } from './share-modal';

/**
 * The inviter page (`/invitation/inviter?ref=`, §2): my code, how many friends achieved and the
 * coins earned, the limit (and the §8 message once it is reached), and the share button that
 * opens the share modal.
 */
export function InviterPage({ refSource }: { refSource: string | null }) {
  const inviter = useInviterInfo();
  const [open, setOpen] = useState(false);
  if (inviter.isPending) return <p className={styles.page}>{invitationCopy('inviter.loading')}</p>;
  if (inviter.isError) return <p className={styles.page}>{invitationCopy('inviter.failed')}</p>;
  const { campaign, info, limitReached, inviterMaximum } = inviter.data;
  const firstStep = campaign.inviterIncentive.steps[0]?.mangaCoinAmount ?? 0;
  const amount = campaign.inviteeIncentive.amount;
  return (
    <div className={styles.page} data-ref={refSource ?? undefined}>
      <header className={styles.hero}>
        <p className={styles.campaignName}>{campaign.name}</p>
        <h1 className={styles.heading}>{invitationCopy('inviter.heading')}</h1>
        <p className={styles.maximum}>{invitationCopy('inviter.maximum', { n: formatAmount(inviterMaximum) })}</p>
        <p className={styles.period}>
          {invitationCopy('inviter.period', {
            start: formatTokyoDate(campaign.startDatetime),
            end: formatTokyoDeadline(campaign.endDatetime, 'long') ?? '',
          })}
        </p>
      </header>
      <p className={styles.lead}>{invitationCopy('inviter.howTo', { coin: formatAmount(firstStep), amount: formatAmount(amount) })}</p>
      <dl className={styles.stats}>
        <div>
          <dt>{invitationCopy('inviter.myCode')}</dt>
          <dd className={styles.code} data-testid="invitation-code">
            {info.invitationCode}
          </dd>
        </div>
        <div>
          <dt>{invitationCopy('inviter.achievedCount')}</dt>
          <dd data-testid="achieved-count">
            {invitationCopy('inviter.achievedCountValue', { count: info.invitationAchievedCount, limit: info.invitationLimit })}
          </dd>
        </div>
        <div>
          <dt>{invitationCopy('inviter.achievedCoin')}</dt>
          <dd data-testid="achieved-coin">
            {invitationCopy('inviter.coinValue', { coin: formatAmount(info.invitationAchievedMangaCoin) })}
          </dd>
        </div>
      </dl>
      {limitReached && (
        <p className={styles.notice} role="note">
          {invitationCopy('inviter.limitReached', { n: formatAmount(amount) })}
        </p>
      )}
      <button type="button" className={styles.primary} onClick={() => setOpen(true)}>
        {invitationCopy('inviter.share')}
      </button>
      <ShareModal
        open={open}
        onOpenChange={setOpen}
        code={info.invitationCode}
        campaignId={campaign.id}
        amount={amount}
        coin={firstStep}
        trackingRef={InvitationRef.INVITATION}
      />
    </div>
  );
}
