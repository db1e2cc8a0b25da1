import type { EpisodeBrowser } from '@hondana/domain/serials/serials-api';
import { useQuery } from '@tanstack/react-query';
import { keptPositionKey } from '@hondana/domain/viewer/resume';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { QueryProvider } from '../../../components/query-provider';
import { loginHref } from '../../accounts/login-href';
import { AdultGate } from '../../catalog/components/adult-gate';
import { PageReader } from '../../viewer/components/page-reader';
import { episodeBrowserQuery } from '../api/episode-browser-query';
import { markReading } from '../api/serials';
import { SerialLastPage } from './serial-last-page';
import styles from './episode-viewer.module.css';
import '../../../i18n/ja-serials';
import '../../../i18n/ja-viewer';

type EpisodeViewerProps = { episodeId: number; loggedIn: boolean; openLastPage: boolean };

const SPEND_KEY = 'hondana.serial.spendType';
const TOAST_MS = 3000;

/**
 * `/viewer?serialEpisodeId=` (§2, §4 "Serial flow"): loads the episode with signed page URLs,
 * posts a read-start for members, reads its pages as the book viewer does (PageReader: tap
 * zones, keys, slider, 設定), then shows the serial last page. Unauthorized, not rented or not yet released → the serial's detail page;
 * an adult serial before the age check → the age dialog; a failure → /serial.
 */
export function EpisodeViewer(props: EpisodeViewerProps) {
  return (
    <QueryProvider>
      <EpisodeViewerContent {...props} />
    </QueryProvider>
  );
}

function EpisodeViewerContent({ episodeId, loggedIn, openLastPage }: EpisodeViewerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useQuery(episodeBrowserQuery(episodeId));
  // Read once on the client; the toast only renders once the episode has loaded there.
  const [toast, setToast] = useState(() => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SPEND_KEY)));
  const outcome = load.data ?? null;

  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === 'detail') void navigate(`/serial/detail/${outcome.serialId}?manga_viewer_action=close`, { replace: true });
    else if (outcome.kind === 'failed') void navigate('/serial', { replace: true });
    else if (loggedIn) void markReading(episodeId, 'start_reading').catch(() => undefined);
  }, [outcome, loggedIn, episodeId, navigate]);

  // A toast after using a ticket or coins, closing after 3 seconds (§2).
  useEffect(() => {
    if (!toast) return;
    sessionStorage.removeItem(SPEND_KEY);
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (load.isError) void navigate('/serial', { replace: true });
  if (outcome?.kind === 'adult') {
    return (
      <div className={styles.viewer} data-testid="episode-viewer">
        <AdultGate isMember={loggedIn} loginTo={loginHref(`/viewer?serialEpisodeId=${episodeId}`)} />
      </div>
    );
  }
  if (!outcome || outcome.kind !== 'ready') return <div className={styles.viewer} aria-busy="true" data-testid="episode-viewer" />;
  const browser: EpisodeBrowser = outcome.browser;
  const closeHref = `/serial/detail/${browser.serial.id}?manga_viewer_action=close`;
  const title = `${browser.serial.name} ${browser.episode.title}`;
  return (
    <div className={styles.viewer} data-testid="episode-viewer">
      <PageReader
        pages={browser.pages_data.pages}
        layoutType={browser.layoutType}
        direction="rtl"
        title={title}
        closeHref={closeHref}
        loggedIn={loggedIn}
        openLastPage={openLastPage}
        keepKey={keptPositionKey('episode', episodeId)}
        end={(back) => (
          <div className={styles.end}>
            <header className={styles.header}>
              <Link to={closeHref} className={styles.close}>
                {t('viewer.close')}
              </Link>
              <h1 className={styles.title}>{title}</h1>
            </header>
            <SerialLastPage
              serialId={browser.serial.id}
              episodeId={episodeId}
              loggedIn={loggedIn}
              renting={browser.renting}
              onBackToViewer={back}
              onOpenEpisode={(id) => void navigate(`/viewer?serialEpisodeId=${id}`)}
            />
          </div>
        )}
      />
      {toast && (
        <p className={styles.toast} role="status">
          {toast === '2' ? t('serials.toast.rented') : t('serials.toast.ticketUsed')}
        </p>
      )}
    </div>
  );
}
