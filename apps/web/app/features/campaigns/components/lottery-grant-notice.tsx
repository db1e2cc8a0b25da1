import { grantReaction, lotteryCheckDay } from '@hondana/domain/campaigns/lottery';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SNACKBAR_MS } from '../../../components/snackbar';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import { ApiError } from '../../../lib/api/client';
import { grantReadEnd } from '../api/grant-read-end';
import { useMissionReadEnd } from '../api/mission-read-end';
import styles from './lottery-grant-notice.module.css';

type LotteryGrantNoticeProps = {
  bookId: number;
  /** The book is free now (granted apart from priced books, §9). */
  free: boolean;
  /** A member who may read the whole book; guests and sample ends ask for nothing. */
  eligible: boolean;
};

/** §5 local storage "lottery check day", one per kind of book. */
const checkDayKey = (free: boolean) => `hondana.lotteryCheckDay.${free ? 'free' : 'priced'}`;

function readCheckDay(free: boolean): string | null {
  try {
    return window.localStorage.getItem(checkDayKey(free));
  } catch {
    return null;
  }
}

type Shown = { kind: 'granted'; message: string; campaignId: number } | { kind: 'snackbar' | 'toast'; message: string };

/**
 * The viewer's last page asks for the day's read-end ticket once a Tokyo day per kind of book
 * (§9), and answers as §8 says: くじが1枚付与されました with a link to draw; ALREADY_GRANT_TICKET
 * silently; NOT_TARGET_BOOK 無料作品を読むとくじがもらえます; other failures a toast with the
 * server's message or くじを受け取れませんでした. The day is stored unless the grant failed.
 * The same last page reports the read-end to missions.
 */
export function LotteryGrantNotice({ bookId, free, eligible }: LotteryGrantNoticeProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  useMissionReadEnd(bookId, eligible);
  useEffect(() => {
    if (!eligible) return;
    const today = lotteryCheckDay(Date.now());
    if (readCheckDay(free) === today) return;
    let live = true;
    const store = () => {
      try {
        window.localStorage.setItem(checkDayKey(free), today);
      } catch {
        // storage full or denied: the server's grant key still holds it to once a day
      }
    };
    grantReadEnd(bookId).then(
      (state) => {
        store();
        if (live) setShown({ kind: 'granted', message: campaignCopy('grant.granted'), campaignId: state.lotteryCampaignId });
      },
      (error: unknown) => {
        const reaction = grantReaction(
          error instanceof ApiError ? { ok: false, errorCode: error.errorCode, message: error.messages[0] ?? '' } : { ok: false },
        );
        if (reaction.storeDay) store();
        if (live && reaction.kind !== 'silent' && reaction.kind !== 'granted') setShown({ kind: reaction.kind, message: reaction.message });
      },
    );
    return () => {
      live = false;
    };
  }, [bookId, free, eligible]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return (
    <div role="status" className={shown.kind === 'toast' ? styles.toast : styles.snackbar} data-testid="lottery-grant">
      <span>{shown.message}</span>
      {shown.kind === 'granted' && (
        <Link className={styles.link} to={`/lottery/${shown.campaignId}`}>
          {campaignCopy('grant.toDraw')}
        </Link>
      )}
    </div>
  );
}
