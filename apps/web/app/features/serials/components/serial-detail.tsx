import type { SerialDetailPage } from '@hondana/domain/serials/serials-api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type CopyKey, useTranslation } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api/client';
import { rentEpisode, setNotification, claimAdReward } from '../api/serials';
import { fromPage, useSerialDetail } from '../hooks/use-serial-detail';
import { AdDialog, RentDialog } from './dialogs';
import { type EpisodeAction, EpisodeList, viewerHref } from './episode-list';
import { TicketPanel } from './ticket-panel';
import styles from './serial-detail.module.css';
import '../../../i18n/ja-serials';

export type SerialDetailProps = { serialId: number; loggedIn: boolean; initial?: SerialDetailPage };

const KNOWN_ERRORS = ['CHARGE_NOT_FULL', 'TICKET_NOT_ENOUGH', 'ALREADY_RENTED', 'RENTAL_NOT_ENOUGH_MANGA_COIN', 'RENTAL_NOT_ENOUGH_AMEBA_COIN'];
const errorKey = (error: unknown): CopyKey =>
  error instanceof ApiError && KNOWN_ERRORS.includes(error.errorCode)
    ? (`serials.errors.${error.errorCode}` as CopyKey)
    : 'serials.errors.default';

/** `/serial/detail/{serialId}`: the serial, the member's tickets and the episodes with what opens each (§2, §4). */
export function SerialDetail({ serialId, loggedIn, initial }: SerialDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [first] = useState(() => (initial ? fromPage(initial) : undefined));
  const detail = useSerialDetail(serialId, loggedIn, first);
  const [renting, setRenting] = useState<{ id: number; title: string; price: number } | null>(null);
  const [adOpen, setAdOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loginHref = `/login?callback=${encodeURIComponent(`/serial/detail/${serialId}`)}`;

  if (detail.status === 'loading') return <p className={styles.status}>{t('serials.loading')}</p>;
  if (detail.status === 'failed') {
    return (
      <div className={styles.status} role="alert">
        <p>{t('serials.failed')}</p>
        <button type="button" className={styles.secondary} onClick={detail.reload}>
          {t('serials.reload')}
        </button>
      </div>
    );
  }
  const data = detail.data;

  async function run(work: () => Promise<unknown>, then?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await work();
      then?.();
    } catch (e) {
      setError(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  }
  // §4: rental success stores the spend type and opens the episode.
  const rentAndOpen = (episodeId: number, body: Parameters<typeof rentEpisode>[1]) =>
    run(
      () => rentEpisode(episodeId, body),
      () => {
        sessionStorage.setItem('hondana.serial.spendType', String(body.spend_type));
        void navigate(viewerHref(episodeId));
      },
    );
  const onAction = (a: EpisodeAction) => {
    if (a.kind === 'charge') void rentAndOpen(a.episode.id, { price: 0, spend_type: 1 });
    else if (a.kind === 'ticket') void rentAndOpen(a.episode.id, { price: 0, spend_type: 3 });
    else setRenting({ id: a.episode.id, title: a.episode.title, price: a.price });
  };

  return (
    <div className={styles.page} style={{ ['--serial-theme' as string]: data.serial.colors.themeColor }}>
      <header className={styles.header}>
        <img className={styles.hero} src={data.serial.images.large} width={522} height={327} alt="" />
        <div>
          <h1 className={styles.name}>{data.serial.name}</h1>
          <p className={styles.meta}>
            {t('serials.episodes', { total: data.serial.totalEpisodeCount, released: data.serial.releasedEpisodeCount })}
          </p>
          <p className={styles.description}>{data.serial.description}</p>
        </div>
      </header>
      <TicketPanel
        data={data}
        loggedIn={loggedIn}
        loginHref={loginHref}
        onAd={() => setAdOpen(true)}
        onNotify={() => void run(() => setNotification(serialId, !data.userSerial?.notification), detail.reload)}
      />
      {error && !renting && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <EpisodeList
        episodes={data.episodes}
        userData={data.userData}
        loggedIn={loggedIn}
        specialTickets={data.ticket.amount}
        ticketUsable={data.serial.ticketUsable}
        loginHref={loginHref}
        busy={busy}
        now={data.loadedAt}
        onAction={onAction}
      />
      <RentDialog
        key={renting?.id ?? 0}
        episode={renting}
        rentalMinutes={data.serial.rentalMinutes}
        now={data.loadedAt}
        balances={data.balances}
        error={renting ? error : null}
        busy={busy}
        onClose={() => {
          setRenting(null);
          setError(null);
        }}
        onConfirm={(paymentType) => renting && void rentAndOpen(renting.id, { price: renting.price, spend_type: 2, payment_type: paymentType })}
      />
      <AdDialog
        open={adOpen}
        left={data.adReward?.amount ?? 0}
        busy={busy}
        onClose={() => setAdOpen(false)}
        onConfirm={() =>
          void run(
            () => claimAdReward(serialId),
            () => {
              setAdOpen(false);
              detail.reload();
            },
          )
        }
      />
    </div>
  );
}
