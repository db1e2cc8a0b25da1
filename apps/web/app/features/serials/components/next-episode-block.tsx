import { formatAmount } from '@hondana/domain/common/format';
import { AmountUnit, formatIn } from '@hondana/domain/common/amount-unit';
import type { SuggestedEpisode } from '@hondana/domain/serials/serials-api';
import { SpendType, isUnlimitedRental, rentalEnd } from '@hondana/domain/serials/serials';
import { type LastPageState, lastPageMainAction, lastPageMessage } from '@hondana/domain/serials/serials-last-page';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { rentEpisode } from '../api/serials';
import { RentDialog, TicketDialog } from './dialogs';
import { recoveryLabel } from './recovery';
import type { LastPageData } from './serial-last-page';
import styles from './last-page.module.css';
import '../../../i18n/ja-serials';
import { goToCoinShop } from '../../wallet/api/coin-return';

type NextEpisodeBlockProps = {
  data: LastPageData;
  episode: SuggestedEpisode;
  loggedIn: boolean;
  onOpenEpisode: (episodeId: number) => void;
};

/** The next episode: header message by spend type, icon, label and rental period, payment selector, main action (§2, §4). */
export function NextEpisodeBlock({ data, episode, loggedIn, onOpenEpisode }: NextEpisodeBlockProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [ticketConfirming, setTicketConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state: LastPageState = {
    loggedIn,
    spendType: episode.spendType,
    renting: episode.renting,
    price: episode.price,
    ticketAmount: data.ticket.amount,
    ticketRemainingMs: data.ticket.remainingMilliSec,
    charged: data.charged,
    chargeRemainingMs: data.chargeRemainingMs,
  };
  const message = lastPageMessage(state);
  const balance = data.paymentType === 'COIN' ? data.balances.coin : data.balances.mangaCoin;
  const action = lastPageMainAction({ ...state, paymentType: data.paymentType, balance });
  const messageText =
    message.kind === 'ticketLeft'
      ? t('serials.lastPage.message.ticketLeft', { amount: message.amount })
      : message.kind === 'ticketWait' || message.kind === 'chargeWait'
        ? t(`serials.lastPage.message.${message.kind}`, {
            time: recoveryLabel(t, message.kind === 'ticketWait' ? data.ticket.remainingMilliSec : data.chargeRemainingMs),
          })
        : t(`serials.lastPage.message.${message.kind}`);
  const rentalMinutes = data.suggestion.serial.rentalMinutes;
  const period = isUnlimitedRental(rentalEnd(data.loadedAt, rentalMinutes), data.loadedAt)
    ? t('serials.confirm.periodUnlimited')
    : t('serials.confirm.periodMinutes', { hours: Math.round(rentalMinutes / 60) });

  async function rent(body: Parameters<typeof rentEpisode>[1]) {
    setBusy(true);
    setError(null);
    try {
      await rentEpisode(episode.id, body);
      sessionStorage.setItem('hondana.serial.spendType', String(body.spend_type));
      onOpenEpisode(episode.id);
    } catch {
      setError(t('serials.errors.default'));
    } finally {
      setBusy(false);
    }
  }
  function onMain() {
    if (action === 'signup') {
      sessionStorage.setItem('hondana.serial.oneTapSignup', '1');
      location.href = `/login?callback=${encodeURIComponent(`/viewer?serialEpisodeId=${episode.id}`)}`;
    } else if (action === 'read') onOpenEpisode(episode.id);
    else if (action === 'useTicket') setTicketConfirming(true);
    else if (action === 'coinAppeal') void goToCoinShop();
    else if (action === 'confirmPayment') setConfirming(true);
    else location.reload();
  }

  return (
    <section className={styles.block} data-testid="next-episode">
      <p className={styles.label}>{t('serials.lastPage.next')}</p>
      <p className={styles.message} data-testid="last-page-message">
        {messageText}
      </p>
      <div className={styles.episode}>
        <img src={episode.pageImageUrl} width={106} height={66} alt="" />
        <div>
          <p className={styles.episodeTitle}>{episode.title}</p>
          <p className={styles.sub}>
            {episode.spendType === SpendType.FREE
              ? t('serials.free')
              : episode.spendType === SpendType.CHARGE
                ? t('serials.charge')
                : t('serials.coins', { price: formatIn(episode.price, AmountUnit.MANGA_COIN) })}
            {episode.spendType !== SpendType.FREE && ` ・ ${t('serials.lastPage.rentalPeriod', { period })}`}
          </p>
        </div>
      </div>
      {loggedIn && episode.spendType === SpendType.PAYMENT && (
        <p className={styles.sub} data-testid="pay-with">
          {t('serials.lastPage.payWith', {
            currency: data.paymentType === 'COIN' ? t('serials.confirm.coin') : t('serials.confirm.mangaCoin'),
            balance: formatAmount(balance),
          })}
        </p>
      )}
      <button type="button" className={styles.primary} onClick={onMain} disabled={busy} data-testid="last-page-action">
        {t(`serials.lastPage.action.${action}`)}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <TicketDialog
        spend={
          ticketConfirming
            ? {
                title: episode.title,
                kind: episode.spendType === SpendType.CHARGE ? 'charge' : 'special',
                left: data.ticket.amount,
                period,
              }
            : null
        }
        error={error}
        busy={busy}
        onClose={() => setTicketConfirming(false)}
        onConfirm={() => void rent({ price: 0, spend_type: episode.spendType === SpendType.CHARGE ? 1 : 3 })}
      />
      {confirming && (
        <RentDialog
          episode={{ title: episode.title, price: episode.price }}
          rentalMinutes={rentalMinutes}
          now={data.loadedAt}
          balances={data.balances}
          error={error}
          busy={busy}
          onClose={() => setConfirming(false)}
          onConfirm={(paymentType) => void rent({ price: episode.price, spend_type: 2, payment_type: paymentType })}
        />
      )}
    </section>
  );
}
