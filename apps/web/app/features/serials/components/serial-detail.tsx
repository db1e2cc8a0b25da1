import type { SerialDetailPage } from '@hondana/domain/serials/serials-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/pager';
import { QueryProvider } from '../../../components/query-provider';
import { type CopyKey, useTranslation } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api/client';
import { SERIALS_KEY } from '../api/serial-query';
import { type RentalRequest, claimAdReward, rentEpisode, setNotification } from '../api/serials';
import { useSerialDetail } from '../hooks/use-serial-detail';
import { AdDialog, RentDialog, TicketDialog, type TicketSpend, rentalPeriodLabel } from './dialogs';
import { type EpisodeAction, EpisodeList, viewerHref } from './episode-list';
import { TicketPanel } from './ticket-panel';
import styles from './serial-detail.module.css';
import '../../../i18n/ja-serials';

type SerialDetailProps = { serialId: number; loggedIn: boolean; initial?: SerialDetailPage };

const KNOWN_ERRORS = [
  'CHARGE_NOT_FULL',
  'TICKET_NOT_ENOUGH',
  'ALREADY_RENTED',
  'RENTAL_NOT_ENOUGH_MANGA_COIN',
  'RENTAL_NOT_ENOUGH_AMEBA_COIN',
  'EMAIL_NOT_CONFIRMED',
];
const errorKey = (error: unknown): CopyKey =>
  error instanceof ApiError && KNOWN_ERRORS.includes(error.errorCode)
    ? (`serials.errors.${error.errorCode}` as CopyKey)
    : 'serials.errors.default';

/** `/serial/detail/{serialId}`: the serial, the member's tickets and the episodes with what opens each (§2, §4). */
export function SerialDetail(props: SerialDetailProps) {
  return (
    <QueryProvider>
      <SerialDetailContent {...props} />
    </QueryProvider>
  );
}

function SerialDetailContent({ serialId, loggedIn, initial }: SerialDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useSerialDetail(serialId, loggedIn, initial);
  const [renting, setRenting] = useState<{ id: number; title: string; price: number } | null>(null);
  const [ticketing, setTicketing] = useState<(TicketSpend & { id: number }) | null>(null);
  const [adOpen, setAdOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onMutate = () => setError(null);
  const onError = (e: unknown) => setError(t(errorKey(e)));
  const reload = () => queryClient.invalidateQueries({ queryKey: [SERIALS_KEY] });
  // §4: rental success stores the spend type and opens the episode.
  const rent = useMutation({
    mutationFn: ({ episodeId, body }: { episodeId: number; body: RentalRequest }) => rentEpisode(episodeId, body),
    onMutate,
    onError,
    onSuccess: (_, { episodeId, body }) => {
      sessionStorage.setItem('hondana.serial.spendType', String(body.spend_type));
      void navigate(viewerHref(episodeId));
    },
  });
  const notify = useMutation({ mutationFn: (on: boolean) => setNotification(serialId, on), onMutate, onError, onSuccess: reload });
  const ad = useMutation({
    mutationFn: () => claimAdReward(serialId),
    onMutate,
    onError,
    onSuccess: () => {
      setAdOpen(false);
      return reload();
    },
  });
  const busy = rent.isPending || notify.isPending || ad.isPending;
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
  const rentAndOpen = (episodeId: number, body: RentalRequest) => rent.mutate({ episodeId, body });
  const onAction = (a: EpisodeAction) => {
    // A ticket is spent only after the member has seen what is spent (issue 34 item 16).
    if (a.kind === 'charge' || a.kind === 'ticket') {
      setError(null);
      setTicketing({
        id: a.episode.id,
        title: a.episode.title,
        kind: a.kind === 'charge' ? 'charge' : 'special',
        left: data.ticket.amount,
        period: rentalPeriodLabel(t, data.serial.rentalMinutes, data.loadedAt),
      });
    } else setRenting({ id: a.episode.id, title: a.episode.title, price: a.price });
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
        onNotify={() => notify.mutate(!data.userSerial?.notification)}
      />
      {error && !renting && !ticketing && (
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
      {initial && (
        <Pager
          page={initial.episodePage.page}
          total={initial.episodePage.pageCount}
          href={(p) => `/serial/detail/${serialId}${p > 1 ? `?page=${p}` : ''}`}
        />
      )}
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
        onConfirm={(paymentType) => renting && rentAndOpen(renting.id, { price: renting.price, spend_type: 2, payment_type: paymentType })}
      />
      <TicketDialog
        spend={ticketing}
        error={ticketing ? error : null}
        busy={busy}
        onClose={() => {
          setTicketing(null);
          setError(null);
        }}
        onConfirm={() => ticketing && rentAndOpen(ticketing.id, { price: 0, spend_type: ticketing.kind === 'charge' ? 1 : 3 })}
      />
      <AdDialog
        open={adOpen}
        left={data.adReward?.amount ?? 0}
        busy={busy}
        onClose={() => setAdOpen(false)}
        onConfirm={() => ad.mutate()}
      />
    </div>
  );
}
