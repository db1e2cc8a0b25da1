import type { LotteryCampaign, LotteryTicket } from '@hondana/domain/campaigns/lottery-api';
import { formatTokyoDate, formatTokyoDateTime, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { Link } from 'react-router';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import { loginHref } from '../../accounts/login-href';
import { useAllMyTickets, useRunningCampaigns } from '../api/get-running-campaigns';
import styles from './lottery.module.css';
import own from './lottery-index.module.css';

/**
 * `/lottery`: the lottery campaigns running now, each linked to its page, and the member's unused
 * tickets of every campaign with their expiry, soonest first (`/lottery/tickets/me`, §7).
 */
export function LotteryIndex() {
  const campaigns = useRunningCampaigns();
  const tickets = useAllMyTickets();
  const names = new Map((campaigns.data ?? []).map((x) => [x.lotteryCampaignId, x.name]));
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{campaignCopy('index.heading')}</h1>
      {campaigns.isPending ? (
        <p>{campaignCopy('lottery.loading')}</p>
      ) : campaigns.isError ? (
        <p role="alert">{campaignCopy('lottery.failed')}</p>
      ) : campaigns.data.length === 0 ? (
        <p>{campaignCopy('index.none')}</p>
      ) : (
        <ul className={own.rows}>
          {campaigns.data.map((campaign) => (
            <CampaignRow key={campaign.lotteryCampaignId} campaign={campaign} />
          ))}
        </ul>
      )}
      <section className={styles.section} data-testid="lottery-index-tickets">
        <h2>{campaignCopy('lottery.myTickets')}</h2>
        {tickets.isPending ? (
          <p>{campaignCopy('lottery.loading')}</p>
        ) : tickets.isError ? (
          <p role="alert">{campaignCopy('lottery.failed')}</p>
        ) : tickets.data === null ? (
          <Link to={loginHref('/lottery')}>{campaignCopy('index.login')}</Link>
        ) : (
          <TicketList tickets={tickets.data.tickets} asOf={tickets.dataUpdatedAt} names={names} />
        )}
      </section>
    </div>
  );
}

function CampaignRow({ campaign }: { campaign: LotteryCampaign }) {
  return (
    <li>
      <Link to={`/lottery/${campaign.lotteryCampaignId}`}>{campaign.name}</Link>
      <span className={own.when}>
        {campaignCopy('lottery.period', {
          start: formatTokyoDate(campaign.startDatetime),
          end: formatTokyoDeadline(campaign.endDatetime, 'long') ?? '',
        })}
      </span>
    </li>
  );
}

function TicketList({ tickets, asOf, names }: { tickets: LotteryTicket[]; asOf: number; names: ReadonlyMap<number, string> }) {
  // Usable as of when the list was fetched, the one that ends soonest first.
  const usable = tickets.filter((t) => t.usedFlg === 0 && t.expireDatetime > asOf).sort((a, b) => a.expireDatetime - b.expireDatetime);
  if (usable.length === 0) return <p>{campaignCopy('lottery.noTickets')}</p>;
  return (
    <>
      <p>{campaignCopy('lottery.ticketsLeft', { count: usable.length })}</p>
      <ul className={own.rows}>
        {usable.map((t) => (
          <li key={t.ticketId}>
            <Link to={`/lottery/${t.lotteryCampaignId}`}>{names.get(t.lotteryCampaignId) ?? campaignCopy('index.endedCampaign')}</Link>
            <span className={own.when}>{campaignCopy('lottery.expires', { date: formatTokyoDateTime(t.expireDatetime) })}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
