import { formatAmount } from '@hondana/domain/common/format';
import { BannerKind, chooseBanner } from '@hondana/domain/cart/coupon-banner';
import { useState, useSyncExternalStore } from 'react';
import { QueryProvider } from '../../../components/query-provider';
import { invitationCopy } from '../../../i18n/ja-invitations';
import { useInviterInfo } from '../api/get-inviter-info';
import { dismiss, dismissedAt } from '../banner-dismissal';
import styles from './invitations.module.css';

const noSubscription = () => () => {};
/** The dismissal instants as one comparable value (a snapshot must be stable between reads). */
const dismissalSnapshot = () => `${dismissedAt(BannerKind.INVITATION) ?? 0}|${dismissedAt(BannerKind.APP) ?? 0}`;

/**
 * The members' banner of a book page (§4: only one shows): the friend-invitation banner while a
 * campaign runs and the limit is not reached, else the app banner; each closed for 24 hours by
 * its close button (kept in this browser). Guests see the guest coupon banner of the volume
 * detail instead. Loaded only for members, after the page.
 */
export function BookPageBanner() {
  // The series page has no query client of its own (its JavaScript budget): this chunk brings one.
  return (
    <QueryProvider>
      <ChosenBanner />
    </QueryProvider>
  );
}

function ChosenBanner() {
  const invitation = useInviterInfo(true);
  // Local storage and the time are the browser's: nothing is chosen on the server.
  const snapshot = useSyncExternalStore(noSubscription, dismissalSnapshot, () => null);
  // The instant the choice is made at: when the page opens, and again when a banner is closed.
  const [now, setNow] = useState(() => Date.now());
  if (snapshot === null || invitation.isPending) return null;
  const [invitationAt, appAt] = snapshot.split('|').map(Number);
  const view = invitation.data;
  const kind = chooseBanner({
    loggedIn: true,
    guestCouponForBook: false,
    invitation: view ? { campaign: true, incentive: view.info.invitationCode !== '', limitReached: view.limitReached } : null,
    dismissedAt: { [BannerKind.INVITATION]: invitationAt || null, [BannerKind.APP]: appAt || null },
    now,
  });
  if (kind === null) return null;
  const close = () => {
    const at = Date.now();
    dismiss(kind, at);
    setNow(at);
  };
  return (
    <aside
      className={styles.banner}
      aria-label={kind === BannerKind.INVITATION ? invitationCopy('inviter.title') : invitationCopy('banner.appHeading')}
      data-testid={`banner-${kind}`}
    >
      {kind === BannerKind.INVITATION && view ? (
        <a className={styles.bannerBody} href="/invitation/inviter?ref=invitation">
          <strong>{invitationCopy('banner.invitationHeading', { n: formatAmount(view.inviterMaximum) })}</strong>
          <span>{invitationCopy('banner.invitationBody', { amount: formatAmount(view.campaign.inviteeIncentive.amount) })}</span>
          <span className={styles.bannerLink}>{invitationCopy('banner.invitationLink')}</span>
        </a>
      ) : (
        <div className={styles.bannerBody}>
          <strong>{invitationCopy('banner.appHeading')}</strong>
          <span>{invitationCopy('banner.appBody')}</span>
        </div>
      )}
      <button type="button" className={styles.bannerClose} onClick={close} aria-label={invitationCopy('banner.close')}>
        ×
      </button>
    </aside>
  );
}
