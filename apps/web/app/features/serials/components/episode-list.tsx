import { AmountUnit, formatIn } from '@hondana/domain/common/amount-unit';
import type { EpisodeUserData, SerialEpisode } from '@hondana/domain/serials/serials-api';
import { SpendType, isUnlimitedRental } from '@hondana/domain/serials/serials';
import { formatTokyoDeadline, formatTokyoMonthDay } from '@hondana/domain/common/tokyo-format';
import { Link } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { useTranslation } from '../../../i18n/i18n';
import styles from './serial-detail.module.css';
import '../../../i18n/ja-serials';

export type EpisodeAction =
  | { kind: 'charge'; episode: SerialEpisode }
  | { kind: 'ticket'; episode: SerialEpisode }
  | { kind: 'coins'; episode: SerialEpisode; price: number };

type EpisodeListProps = {
  episodes: SerialEpisode[];
  userData: Map<number, EpisodeUserData>;
  loggedIn: boolean;
  specialTickets: number;
  ticketUsable: boolean;
  loginHref: string;
  busy: boolean;
  /** When the data was read, for the 'unlimited' rule. */
  now: number;
  onAction: (action: EpisodeAction) => void;
};

/** まで names the last moment included (`formatTokyoDeadline`, issue 34 item 10). */
const rentalEndLabel = (end: number) => formatTokyoDeadline(end, 'long') ?? '';

export const viewerHref = (episodeId: number) => `/viewer?serialEpisodeId=${episodeId}`;

/** Episodes in order with their spend type, price, release date, rented-until and what opens them. */
export function EpisodeList(props: EpisodeListProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="episode-list">
      <h2 id="episode-list" className={styles.sectionTitle}>
        {t('serials.episodeList')}
      </h2>
      <ol className={styles.episodes}>
        {props.episodes.map((e) => (
          <EpisodeRow key={e.id} episode={e} data={props.userData.get(e.id)} {...props} />
        ))}
      </ol>
    </section>
  );
}

function EpisodeRow({
  episode: e,
  data,
  ...p
}: Omit<EpisodeListProps, 'episodes' | 'userData'> & { episode: SerialEpisode; data?: EpisodeUserData }) {
  const { t } = useTranslation();
  const spendType = data?.personalizedSpendType ?? e.spendType;
  const price = data?.finalPrice ?? e.price;
  const open = e.spendType === SpendType.FREE || data?.renting;
  const label =
    e.spendType === SpendType.FREE
      ? t('serials.free')
      : spendType === SpendType.CHARGE
        ? t('serials.charge')
        : t('serials.coins', { price: formatIn(price, AmountUnit.MANGA_COIN) });
  return (
    <li className={styles.episode} data-testid="episode" data-episode-id={e.id}>
      <div className={styles.episodeText}>
        <span className={styles.episodeTitle}>{e.title}</span>
        <span className={styles.episodeMeta}>
          <span className={e.spendType === SpendType.FREE ? styles.free : styles.spend}>
            {spendType === SpendType.PAYMENT && <CoinIcon size={12} />}
            {label}
          </span>
          <span>
            {e.released
              ? t('serials.released', { date: formatTokyoMonthDay(e.releaseDatetime) })
              : t('serials.upcoming', { date: formatTokyoMonthDay(e.releaseDatetime) })}
          </span>
          {data?.renting && data.rentalPeriodTime !== null && (
            <span className={styles.rented} data-testid="rented-until">
              {isUnlimitedRental(data.rentalPeriodTime, p.now)
                ? t('serials.rentedUnlimited')
                : t('serials.rentedUntil', { date: rentalEndLabel(data.rentalPeriodTime) })}
            </span>
          )}
        </span>
      </div>
      <div className={styles.episodeActions}>
        {!e.released ? null : open ? (
          <Link className={styles.read} to={viewerHref(e.id)}>
            {data?.read ? t('serials.readAgain') : t('serials.read')}
          </Link>
        ) : !p.loggedIn ? (
          <Link className={styles.rent} to={p.loginHref}>
            {t('serials.login')}
          </Link>
        ) : (
          <>
            {spendType === SpendType.CHARGE ? (
              <button type="button" className={styles.read} disabled={p.busy} onClick={() => p.onAction({ kind: 'charge', episode: e })}>
                {t('serials.useCharge')}
              </button>
            ) : (
              <button
                type="button"
                className={styles.rent}
                disabled={p.busy}
                onClick={() => p.onAction({ kind: 'coins', episode: e, price })}
              >
                {t('serials.rent')}
              </button>
            )}
            {p.ticketUsable && p.specialTickets > 0 && spendType === SpendType.PAYMENT && (
              <button
                type="button"
                className={styles.ticketButton}
                disabled={p.busy}
                onClick={() => p.onAction({ kind: 'ticket', episode: e })}
              >
                {t('serials.useTicket')}
              </button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
