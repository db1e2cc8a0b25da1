import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import type { SerialDetailData } from '../hooks/use-serial-detail';
import { recoveryLabel } from './recovery';
import styles from './serial-detail.module.css';
import '../../../i18n/ja-serials';

type TicketPanelProps = {
  data: SerialDetailData;
  loggedIn: boolean;
  loginHref: string;
  onAd: () => void;
  onNotify: () => void;
};

/**
 * The member's tickets on this serial: the normal ticket (0/1 or 1/1 with the §9 time to the
 * next), special tickets (amount/maxAmount), the ad reward when the serial allows it, and the
 * notification toggle. Guests see 3 of 3 and a login link (§6).
 */
export function TicketPanel({ data, loggedIn, loginHref, onAd, onNotify }: TicketPanelProps) {
  const { t } = useTranslation();
  const { serial, userSerial, ticket, adReward } = data;
  const charged = userSerial?.charged ?? true;
  return (
    <section className={styles.tickets} aria-label={t('serials.tickets')} data-testid="ticket-panel">
      <div className={styles.ticket}>
        <span className={styles.ticketName}>{t('serials.normalTicket')}</span>
        <span className={styles.ticketCount} data-testid="normal-ticket">
          {t('serials.normalTicketCount', { amount: charged ? 1 : 0 })}
        </span>
        {!charged && userSerial && (
          <span className={styles.ticketWait} data-testid="charge-wait">
            {t('serials.nextTicket', { time: recoveryLabel(t, userSerial.chargeRemainingMilliSec) })}
          </span>
        )}
      </div>
      {serial.ticketUsable && (
        <div className={styles.ticket}>
          <span className={styles.ticketName}>{t('serials.specialTicket')}</span>
          <span className={styles.ticketCount} data-testid="special-ticket">
            {t('serials.ticketCount', { amount: ticket.amount, max: ticket.maxAmount })}
          </span>
          {ticket.amount < ticket.maxAmount && (
            <span className={styles.ticketWait}>{t('serials.nextSpecial', { time: recoveryLabel(t, ticket.remainingMilliSec) })}</span>
          )}
        </div>
      )}
      {loggedIn && serial.rewardUsable && adReward && (
        <div className={styles.ticket}>
          <span className={styles.ticketName}>{t('serials.adReward')}</span>
          <span className={styles.ticketCount}>{t('serials.ticketCount', { amount: adReward.amount, max: adReward.maxAmount })}</span>
          <button type="button" className={styles.smallButton} onClick={onAd} disabled={charged || adReward.amount === 0}>
            {t('serials.adReward')}
          </button>
        </div>
      )}
      {loggedIn ? (
        <button type="button" className={styles.notify} onClick={onNotify} aria-pressed={userSerial?.notification ?? false}>
          {userSerial?.notification ? t('serials.notifyOff') : t('serials.notifyOn')}
        </button>
      ) : (
        <p className={styles.guest}>
          {t('serials.guestTickets')} <Link to={loginHref}>{t('serials.login')}</Link>
        </p>
      )}
    </section>
  );
}
