import type { SuggestionResponse, UserSerialTicket } from '@hondana/domain/serials/serials-api';
import { guestTicketState, isUnlimitedRental } from '@hondana/domain/serials/serials';
import { chooseSerialLastPage, effectivePaymentType } from '@hondana/domain/serials/serials-last-page';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n';
import { balancesQuery } from '../api/balances-query';
import { suggestionQuery } from '../api/suggestion-query';
import { ticketQuery } from '../api/ticket-query';
import { userSerialQuery } from '../api/user-serial-query';
import { RecommendedSerials, ReadMoreCarousel } from './last-page-lists';
import { LastEpisodeBlock } from './last-page-variants';
import { NextEpisodeBlock } from './next-episode-block';
import styles from './last-page.module.css';
import '../../../i18n/ja-serials';

type SerialLastPageProps = {
  serialId: number;
  episodeId: number;
  loggedIn: boolean;
  /** The current episode is within its rental term. */
  renting: boolean;
  onBackToViewer: () => void;
  /** Opens an episode in the viewer (after a rental or for a free one). */
  onOpenEpisode: (episodeId: number) => void;
};

export interface LastPageData {
  suggestion: SuggestionResponse;
  ticket: UserSerialTicket;
  charged: boolean;
  chargeRemainingMs: number;
  balances: { coin: number; mangaCoin: number };
  paymentType: 'COIN' | 'MANGA_COIN';
  loadedAt: number;
}

const NO_BALANCES = { coin: 0, mangaCoin: 0 };

/**
 * §4: the last page posts a read-end (members) and fetches the suggested episode, and for a
 * member the tickets, the free charge and the balances. Read once while the page is open: the
 * countdowns run from the instant they were read.
 */
function useLastPage(p: SerialLastPageProps): { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: LastPageData } {
  const member = { enabled: p.loggedIn, staleTime: Infinity };
  const suggestion = useQuery({ ...suggestionQuery(p.serialId, p.episodeId, p.loggedIn), staleTime: Infinity });
  const ticket = useQuery({ ...ticketQuery(), ...member });
  const user = useQuery({ ...userSerialQuery(p.serialId), ...member });
  const balances = useQuery({ ...balancesQuery(), ...member });
  const all = p.loggedIn ? [suggestion, ticket, user, balances] : [suggestion];
  if (all.some((q) => q.isError)) return { status: 'failed' };
  if (!suggestion.data) return { status: 'loading' };
  const loadedAt = Math.max(...all.map((q) => q.dataUpdatedAt));
  if (!p.loggedIn) {
    const data = {
      suggestion: suggestion.data,
      ticket: guestTicketState(loadedAt),
      charged: true,
      chargeRemainingMs: 0,
      balances: NO_BALANCES,
      paymentType: 'MANGA_COIN' as const,
      loadedAt,
    };
    return { status: 'ready', data };
  }
  if (!ticket.data || !user.data || !balances.data) return { status: 'loading' };
  return {
    status: 'ready',
    data: {
      suggestion: suggestion.data,
      ticket: ticket.data,
      charged: user.data.charged,
      chargeRemainingMs: user.data.chargeRemainingMilliSec,
      balances: balances.data,
      paymentType: effectivePaymentType('MANGA_COIN', balances.data.coin),
      loadedAt,
    },
  };
}

/**
 * The serial last page (§2): 読み終わりました, then the next episode's block or the end-of-series,
 * expired or not-delivered variant, recommended free serials and 続きが読める連載. Renders nothing
 * when §2 says so (spend type none, or renting with the suggestion being the current episode).
 */
export function SerialLastPage(props: SerialLastPageProps) {
  const { t } = useTranslation();
  const state = useLastPage(props);
  if (state.status === 'loading') return <div className={styles.page} aria-busy="true" />;
  if (state.status === 'failed') return null;
  const data = state.data;
  const s = data.suggestion;
  const choice = chooseSerialLastPage(
    s.kind === 'episode' && s.episode
      ? { kind: 'episode', id: s.episode.id, spendType: s.episode.spendType, renting: props.renting }
      : { kind: s.kind === 'episode' ? 'waiting' : s.kind },
    props.episodeId,
  );
  if (choice.kind === 'none') return null;
  return (
    <div className={styles.page} data-testid="serial-last-page">
      <p className={styles.finished}>{t('serials.lastPage.finished')}</p>
      {choice.kind === 'next' && s.episode ? (
        <NextEpisodeBlock data={data} episode={s.episode} loggedIn={props.loggedIn} onOpenEpisode={props.onOpenEpisode} />
      ) : choice.kind !== 'next' ? (
        <LastEpisodeBlock kind={choice.kind} suggestion={s} />
      ) : null}
      {s.episode?.renting && s.episode.rentalPeriodTime !== null && isUnlimitedRental(s.episode.rentalPeriodTime, data.loadedAt) && (
        <p className={styles.sub}>{t('serials.rentedUnlimited')}</p>
      )}
      <a className={styles.secondary} href={`/serial/detail/${props.serialId}`}>
        {t('serials.lastPage.backToDetail')}
      </a>
      <RecommendedSerials serialId={props.serialId} loggedIn={props.loggedIn} />
      <ReadMoreCarousel loggedIn={props.loggedIn} />
      <footer className={styles.footer}>
        <button type="button" className={styles.secondary} onClick={props.onBackToViewer}>
          {t('serials.lastPage.backToViewer')}
        </button>
      </footer>
    </div>
  );
}
