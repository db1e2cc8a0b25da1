import type { LotteryBox, LotteryCampaign, LotteryTicket, WonPrize } from '@hondana/domain/campaigns/lottery-api';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { readableTextOn } from '../../../lib/readable-text';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import { loginHref } from '../../accounts/login-href';
import { formatTokyoDate, formatTokyoDateTime, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { grantReaction } from '@hondana/domain/campaigns/lottery';
import { useConsumeTicket } from '../api/consume-ticket';
import { useGrantShare } from '../api/grant-share';
import { useLotteryCampaign } from '../api/get-lottery-campaign';
import { useMyPrizes } from '../api/get-my-prizes';
import { useMyTickets } from '../api/get-my-tickets';
import styles from './lottery.module.css';

type LotteryPageProps = { campaignId: number };

/**
 * The lottery page (`/lottery/{campaignId}`, §2): the campaign art and period, how to get
 * tickets, the boxes with their prizes, the member's tickets with their expiry, the draw button
 * (an animation that stands still under prefers-reduced-motion), the prize drawn, and the
 * member's prizes. The server draws; the page only shows.
 */
export function LotteryPage({ campaignId }: LotteryPageProps) {
  const campaign = useLotteryCampaign(campaignId);
  if (campaign.isPending) return <p className={styles.page}>{campaignCopy('lottery.loading')}</p>;
  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return <p className={styles.page}>{missing ? campaignCopy('lottery.notFound') : campaignCopy('lottery.failed')}</p>;
  }
  return <CampaignView campaign={campaign.data} />;
}

function CampaignView({ campaign }: { campaign: LotteryCampaign }) {
  return (
    <div className={styles.page}>
      <header className={styles.hero} style={{ backgroundColor: campaign.colorCode, color: readableTextOn(campaign.colorCode) }}>
        <img className={styles.art} src={campaign.imageUrl} alt="" width={1200} height={630} />
        <div className={styles.heroText}>
          <h1 className={styles.heading}>{campaign.name}</h1>
          <p>
            {campaignCopy('lottery.period', {
              start: formatTokyoDate(campaign.startDatetime),
              end: formatTokyoDeadline(campaign.endDatetime, 'long') ?? '',
            })}
          </p>
        </div>
      </header>
      <p className={styles.description}>{campaign.description}</p>
      <DrawPanel campaign={campaign} />
      <section className={styles.section}>
        <h2>{campaignCopy('lottery.howTo')}</h2>
        <ul className={styles.events}>
          {campaign.distributionEvents.map((e) => (
            <li key={e.eventId}>
              <span>{e.name}</span>
              <span className={styles.badge}>{campaignCopy('lottery.eventTickets', { count: e.tickets })}</span>
            </li>
          ))}
        </ul>
      </section>
      {campaign.boxes.map((box) => (
        <section key={box.boxId} className={styles.section} aria-label={box.name}>
          <h2>
            {campaignCopy('lottery.prizes')}（{box.name}）
          </h2>
          <ul className={styles.prizes}>
            {box.prizes.map((p) => (
              <li key={p.prizeId} className={styles.prize}>
                <span className={styles.rank}>{campaignCopy('lottery.rank', { rank: p.rank })}</span>
                <span className={styles.prizeName}>{p.name}</span>
                <span className={styles.prizeMeta}>
                  {campaignCopy('lottery.odds', { percent: Math.round(p.odds * 1000) / 10 })}
                  {p.remaining !== null &&
                    ` ・ ${p.remaining > 0 ? campaignCopy('lottery.left', { count: p.remaining }) : campaignCopy('lottery.soldOut')}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <MyPrizes />
    </div>
  );
}

function DrawPanel({ campaign }: { campaign: LotteryCampaign }) {
  const tickets = useMyTickets(campaign.lotteryCampaignId);
  const consume = useConsumeTicket();
  const [won, setWon] = useState<WonPrize | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // The prize drawn is brought into view (issue 34 item 14): below the button it was off screen at
  // both widths. Focus moves to it too, so a keyboard or screen-reader user lands on the result.
  useEffect(() => {
    if (!won || !result.current) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    result.current.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    result.current.focus({ preventScroll: true });
  }, [won]);
  const boxId = chosen ?? firstBoxWithPrizes(campaign.boxes)?.boxId;
  const here = `/lottery/${campaign.lotteryCampaignId}`;
  if (tickets.isPending) return <section className={styles.draw} aria-busy="true" />;
  if (tickets.data === null) {
    return (
      <section className={styles.draw}>
        <Link className={styles.primary} to={loginHref(here)}>
          {campaignCopy('lottery.login')}
        </Link>
      </section>
    );
  }
  // Usable as of when the list was fetched (the server refuses an expired one anyway).
  const usable: LotteryTicket[] = (tickets.data?.tickets ?? []).filter((t) => t.usedFlg === 0 && t.expireDatetime > tickets.dataUpdatedAt);
  const draw = () => {
    const [first] = [...usable].sort((a, b) => a.expireDatetime - b.expireDatetime);
    if (!first) return;
    setWon(null);
    setError(null);
    consume.mutate(
      { ticketId: first.ticketId, boxId },
      {
        onSuccess: setWon,
        onError: (e) =>
          setError(e instanceof ApiError && e.errorCode in errorsCopy ? errorsCopy[e.errorCode]! : campaignCopy('lottery.drawFailed')),
      },
    );
  };
  return (
    <section className={styles.draw} aria-labelledby="my-tickets">
      <h2 id="my-tickets">{campaignCopy('lottery.myTickets')}</h2>
      {campaign.boxes.length > 1 && <BoxChoice boxes={campaign.boxes} value={boxId} onChange={setChosen} />}
      <div className={styles.box} data-drawing={consume.isPending} aria-hidden="true">
        <span className={styles.capsule} />
      </div>
      <p className={styles.count}>
        {usable.length > 0 ? campaignCopy('lottery.ticketsLeft', { count: usable.length }) : campaignCopy('lottery.noTickets')}
      </p>
      {usable.length > 0 && (
        <ul className={styles.tickets}>
          {usable.slice(0, 5).map((t) => (
            <li key={t.ticketId}>{campaignCopy('lottery.expires', { date: formatTokyoDateTime(t.expireDatetime) })}</li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.primary} disabled={usable.length === 0 || consume.isPending} onClick={draw}>
        {consume.isPending ? campaignCopy('lottery.drawing') : campaignCopy('lottery.draw', { count: usable.length })}
      </button>
      {campaign.distributionEvents.some((e) => e.eventType === 'SHARE') && <ShareButton campaign={campaign} />}
      <div aria-live="polite">
        {won && (
          <div className={styles.won} data-testid="lottery-won" ref={result} tabIndex={-1}>
            <p className={styles.wonText}>{campaignCopy('lottery.won', { rank: won.prize.rank, name: won.prize.name })}</p>
            <img src={won.prize.imageUrl} alt="" width={1200} height={630} />
            <p>{campaignCopy('lottery.wonNote')}</p>
            <p className={styles.links}>
              <Link to="/wallet/manga_coin">{campaignCopy('lottery.toWallet')}</Link>
              <a href={won.ogpImageUrl} target="_blank" rel="noreferrer">
                {campaignCopy('lottery.share')}
              </a>
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

/** A box with a prize left (the server draws only among those); the first box when none has. */
const prizesLeft = (box: LotteryBox) => box.prizes.reduce((n, p) => (p.remaining === null ? Infinity : n + p.remaining), 0);
const firstBoxWithPrizes = (boxes: readonly LotteryBox[]) => boxes.find((b) => prizesLeft(b) > 0) ?? boxes[0];

/** The boxes to draw from, as radio buttons: the draw takes from the chosen box's stock. */
function BoxChoice({
  boxes,
  value,
  onChange,
}: {
  boxes: readonly LotteryBox[];
  value: number | undefined;
  onChange: (boxId: number) => void;
}) {
  return (
    <fieldset className={styles.boxChoice}>
      <legend>{campaignCopy('lottery.chooseBox')}</legend>
      {boxes.map((box) => {
        const left = prizesLeft(box);
        return (
          <label key={box.boxId} className={styles.boxOption}>
            <input
              type="radio"
              name="lottery-box"
              value={box.boxId}
              checked={value === box.boxId}
              disabled={left === 0}
              onChange={() => onChange(box.boxId)}
            />
            <span>{box.name}</span>
            {Number.isFinite(left) && (
              <span className={styles.prizeMeta}>
                {left > 0 ? campaignCopy('lottery.boxLeft', { count: left }) : campaignCopy('lottery.soldOut')}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

/** Shares the campaign on LINE (§5 share target) and asks for the day's share ticket (§8 answers). */
function ShareButton({ campaign }: { campaign: LotteryCampaign }) {
  const share = useGrantShare();
  const [message, setMessage] = useState<string | null>(null);
  const onShare = () => {
    const url = `${window.location.origin}/lottery/${campaign.lotteryCampaignId}`;
    window.open(`https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`, '_blank', 'noopener');
    share.mutate(undefined, {
      onSuccess: () => setMessage(campaignCopy('grant.granted')),
      onError: (e) => {
        const reaction = grantReaction(
          e instanceof ApiError ? { ok: false, errorCode: e.errorCode, message: e.messages[0] ?? '' } : { ok: false },
        );
        setMessage(
          reaction.kind === 'silent' ? campaignCopy('lottery.sharedToday') : reaction.kind === 'granted' ? null : reaction.message,
        );
      },
    });
  };
  return (
    <p className={styles.share}>
      <button type="button" className={styles.secondary} onClick={onShare} disabled={share.isPending}>
        {campaignCopy('lottery.shareForTicket')}
      </button>
      {message && <span role="status">{message}</span>}
    </p>
  );
}

const errorsCopy: Record<string, string> = {
  LOTTERY_TICKET_USED: campaignCopy('lottery.errors.LOTTERY_TICKET_USED'),
  LOTTERY_TICKET_EXPIRED: campaignCopy('lottery.errors.LOTTERY_TICKET_EXPIRED'),
  LOTTERY_PRIZE_SOLD_OUT: campaignCopy('lottery.errors.LOTTERY_PRIZE_SOLD_OUT'),
  HUMAN_CHECK_FAILED: campaignCopy('lottery.errors.HUMAN_CHECK_FAILED'),
};

function MyPrizes() {
  const prizes = useMyPrizes();
  if (!prizes.data) return null;
  return (
    <section className={styles.section}>
      <h2>{campaignCopy('lottery.myPrizes')}</h2>
      {prizes.data.prizes.length === 0 ? (
        <p>{campaignCopy('lottery.noPrizes')}</p>
      ) : (
        <ul className={styles.prizes} data-testid="my-prizes">
          {prizes.data.prizes.map((w) => (
            <li key={w.drawId} className={styles.prize}>
              <span className={styles.rank}>{campaignCopy('lottery.rank', { rank: w.prize.rank })}</span>
              <span className={styles.prizeName}>{w.prize.name}</span>
              <span className={styles.prizeMeta}>{formatTokyoDateTime(w.drawDatetime)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
