import { formatAmount } from '@hondana/domain/common/format';
import { InvitationRef } from '@hondana/domain/invitations/invitations';
import { useState } from 'react';
import { QueryProvider } from '../../../components/query-provider';
import { invitationCopy } from '../../../i18n/ja-invitations';
import { useInviterInfo } from '../api/get-inviter-info';
import styles from './invitations.module.css';
import { ShareModal } from './share-modal';

type EndReadingCardProps = {
  titleId: number;
  titleName: string;
  /** The book is one the invitee's ticket can be used on (a priced book). */
  couponTarget: boolean;
};

/**
 * The end-of-reading invitation card of the viewer's last page (§2): この作品を友達におすすめして,
 * 最大 {n}コインGET！, おすすめする (the share modal with this title) and 詳細を見る. Only for
 * members while an invitation campaign runs, and only for a book the ticket can buy.
 */
export default function EndReadingCard(props: EndReadingCardProps) {
  // The viewer has no query client of its own: this chunk brings one.
  return (
    <QueryProvider>
      <Card {...props} />
    </QueryProvider>
  );
}

function Card({ titleId, titleName, couponTarget }: EndReadingCardProps) {
  const inviter = useInviterInfo(true);
  const [open, setOpen] = useState(false);
  if (!couponTarget || !inviter.isSuccess) return null;
  const { campaign, info, inviterMaximum } = inviter.data;
  return (
    <section className={styles.endCard} aria-labelledby="end-reading-invitation" data-testid="end-reading-invitation">
      <h2 id="end-reading-invitation">{invitationCopy('endReading.heading')}</h2>
      <p className={styles.maximum}>{invitationCopy('endReading.maximum', { n: formatAmount(inviterMaximum) })}</p>
      <div className={styles.endCardActions}>
        <button type="button" className={styles.primary} onClick={() => setOpen(true)}>
          {invitationCopy('endReading.recommend')}
        </button>
        <a className={styles.secondary} href={`/invitation/inviter?ref=${InvitationRef.SHARE_MODAL_END_READING}`}>
          {invitationCopy('endReading.details')}
        </a>
      </div>
      <ShareModal
        open={open}
        onOpenChange={setOpen}
        code={info.invitationCode}
        campaignId={campaign.id}
        amount={campaign.inviteeIncentive.amount}
        coin={campaign.inviterIncentive.steps[0]?.mangaCoinAmount ?? 0}
        title={{ id: titleId, name: titleName }}
        trackingRef={InvitationRef.SHARE_MODAL_END_READING}
      />
    </section>
  );
}
