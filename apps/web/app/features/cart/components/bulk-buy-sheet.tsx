import type { BulkQuote } from '@hondana/domain/cart/bulk-buy-api';
import { formatAmount } from '@hondana/domain/common/format';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { bulkBuyCopy, jaBulkBuy } from '../../../i18n/ja-bulk-buy';
import { ApiError } from '../../../lib/api/client';
import { type BackEntries, useBackCloses } from '../../../lib/use-back-closes';
import { ConfirmEmailNotice } from '../../accounts/components/confirm-email-notice';
import { LotteryEarned } from '../../campaigns/components/lottery-earned';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';
import { type BulkRangeChoice, bulkQuoteQuery, orderBulk } from '../api/bulk-buy-api';
import { CART_KEY } from '../api/active-items-query';
import styles from './bulk-buy.module.css';

/** The page's entry and the sheet's while the bulk-buy sheet is open (browser back closes it). */
const BULK_SHEET: BackEntries = { page: '#series', popup: '#bulk' };

/** 2〜4巻・7巻: runs of consecutive volume numbers. */
function volumeRuns(vols: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const v of vols) {
    const last = runs[runs.length - 1];
    if (last && v === last[1] + 1) last[1] = v;
    else runs.push([v, v]);
  }
  return runs.map(([a, z]) => bulkBuyCopy('volumeName', { vol: a === z ? `${a}` : `${a}〜${z}` })).join('・');
}

function refusal(code: string): string {
  return code in jaBulkBuy.failed ? bulkBuyCopy(`failed.${code as keyof typeof jaBulkBuy.failed}`) : bulkBuyCopy('failed.other');
}

/** What an order of the sheet bought: how many volumes, the lottery campaigns its tickets are for. */
export type BulkDone = { count: number; lottery: number[] };

type SheetProps = { titleId: number; done: BulkDone | null; onBought: (done: BulkDone) => void; onClose: () => void };

/** The sheet with its own query client, its own chunk: loaded when the member opens it. */
export default function BulkBuySheet(props: SheetProps) {
  return (
    <QueryProvider>
      <Sheet {...props} />
    </QueryProvider>
  );
}

function Sheet(props: SheetProps) {
  const { onClose } = props;
  useBackCloses(onClose, BULK_SHEET);
  return (
    <ResponsiveDialog open onOpenChange={(o) => !o && onClose()} title={bulkBuyCopy('sheetTitle')}>
      <BulkBuyPanel {...props} />
    </ResponsiveDialog>
  );
}

function BulkBuyPanel({ titleId, done, onBought, onClose }: SheetProps) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BulkRangeChoice['kind']>('all');
  const [count, setCount] = useState(3);
  const [fromVol, setFromVol] = useState(1);
  const [useCoupon, setUseCoupon] = useState(true);
  const range: BulkRangeChoice =
    kind === 'next' ? { kind, count: Math.max(1, count) } : kind === 'from' ? { kind, fromVol: Math.max(0, fromVol) } : { kind };
  const quote = useQuery({ ...bulkQuoteQuery(titleId, range, useCoupon), placeholderData: keepPreviousData });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailRefused, setEmailRefused] = useState(false);

  if (done) {
    return (
      <div className={styles.panel}>
        <p role="status" className={styles.done}>
          {bulkBuyCopy('done', { count: done.count })}
        </p>
        <LotteryEarned campaignIds={done.lottery} />
        <div className={styles.actions}>
          <Link className={styles.buy} to="/bookshelf">
            {bulkBuyCopy('toBookshelf')}
          </Link>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {bulkBuyCopy('close')}
          </button>
        </div>
      </div>
    );
  }

  async function buy(q: BulkQuote) {
    setBusy(true);
    setError(null);
    setEmailRefused(false);
    try {
      const bought = await orderBulk(q);
      void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
      onBought({ count: bought.results.bookIds.length, lottery: bought.results.userLotteryTickets.map((t) => t.lotteryCampaignId) });
    } catch (e) {
      const code = e instanceof ApiError ? e.errorCode : '';
      if (code === 'EMAIL_NOT_CONFIRMED') setEmailRefused(true);
      else setError(refusal(code));
      await quote.refetch();
    } finally {
      setBusy(false);
    }
  }

  const q = quote.data;
  const short = q ? Math.max(0, q.payPrice - q.myMangaCoin) : 0;
  return (
    <div className={styles.panel}>
      <fieldset className={styles.range}>
        <legend>{bulkBuyCopy('range.legend')}</legend>
        <label className={styles.choice}>
          <input type="radio" name="bulk-range" checked={kind === 'all'} onChange={() => setKind('all')} />
          {bulkBuyCopy('range.all')}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="bulk-range" checked={kind === 'next'} onChange={() => setKind('next')} />
          {bulkBuyCopy('range.next')}
          <input
            type="number"
            className={styles.number}
            min={1}
            inputMode="numeric"
            aria-label={bulkBuyCopy('range.nextLabel')}
            value={count}
            onFocus={() => setKind('next')}
            onChange={(e) => setCount(Number(e.target.value) || 1)}
          />
          {bulkBuyCopy('range.nextSuffix')}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="bulk-range" checked={kind === 'from'} onChange={() => setKind('from')} />
          <input
            type="number"
            className={styles.number}
            min={1}
            inputMode="numeric"
            aria-label={bulkBuyCopy('range.fromLabel')}
            value={fromVol}
            onFocus={() => setKind('from')}
            onChange={(e) => setFromVol(Number(e.target.value) || 1)}
          />
          {bulkBuyCopy('range.fromSuffix')}
        </label>
      </fieldset>
      {quote.isError && !q ? (
        <p role="alert" className={styles.error}>
          {bulkBuyCopy('loadFailed')}
        </p>
      ) : !q ? (
        <p className={styles.loading} aria-busy="true">
          {bulkBuyCopy('loading')}
        </p>
      ) : (
        <div aria-busy={quote.isFetching} data-testid="bulk-quote">
          {q.volumes.length > 0 ? (
            <p className={styles.volumes} data-testid="bulk-volumes">
              {bulkBuyCopy('volumes', { vols: volumeRuns(q.volumes.map((v) => v.vol)), count: q.volumes.length })}
            </p>
          ) : (
            <p className={styles.volumes}>{bulkBuyCopy('none')}</p>
          )}
          {q.ownedVols.length > 0 && (
            <p className={styles.note} data-testid="bulk-owned">
              {bulkBuyCopy('ownedLeftOut', { vols: volumeRuns(q.ownedVols) })}
            </p>
          )}
          {q.unreleasedVols.length > 0 && (
            <p className={styles.note} data-testid="bulk-unreleased">
              {bulkBuyCopy('unreleasedLeftOut', { vols: volumeRuns(q.unreleasedVols) })}
            </p>
          )}
          {(q.coupon || !useCoupon) && (
            <label className={styles.choice}>
              <input type="checkbox" checked={useCoupon} onChange={(e) => setUseCoupon(e.target.checked)} />
              {q.coupon ? bulkBuyCopy('coupon', { name: q.coupon.name }) : bulkBuyCopy('couponOff')}
            </label>
          )}
          {q.volumes.length > 0 && (
            <dl className={styles.totals}>
              <dt>{bulkBuyCopy('totalPrice')}</dt>
              <dd data-testid="bulk-total">{bulkBuyCopy('amount', { amount: formatAmount(q.totalPrice) })}</dd>
              {q.coupon && (
                <>
                  <dt>{bulkBuyCopy('discount')}</dt>
                  <dd>-{bulkBuyCopy('amount', { amount: formatAmount(q.coupon.discount) })}</dd>
                </>
              )}
              <dt className={styles.strong}>{bulkBuyCopy('payPrice')}</dt>
              <dd className={styles.strong} data-testid="bulk-pay">
                {bulkBuyCopy('amount', { amount: formatAmount(q.payPrice) })}
              </dd>
              {q.pointCampaign.totalPoint > 0 && (
                <>
                  <dt>{bulkBuyCopy('points')}</dt>
                  <dd data-testid="bulk-points">
                    {q.pointCampaign.list.map((l) => (
                      <span key={l.id} className={styles.pointLine}>
                        {bulkBuyCopy('pointLine', { name: l.name, point: formatAmount(l.point) })}
                      </span>
                    ))}
                  </dd>
                </>
              )}
            </dl>
          )}
          <p className={styles.balance}>{bulkBuyCopy('balance', { balance: formatAmount(q.myMangaCoin) })}</p>
          {short > 0 && q.volumes.length > 0 && (
            <p className={styles.short}>
              {bulkBuyCopy('short', { short: formatAmount(short) })} <CoinShopLink>{bulkBuyCopy('buyCoins')}</CoinShopLink>
            </p>
          )}
          {emailRefused && <ConfirmEmailNotice />}
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          {q.volumes.length > 0 && (
            <button type="button" className={styles.buy} disabled={busy || quote.isFetching || short > 0} onClick={() => void buy(q)}>
              {busy ? bulkBuyCopy('buying') : bulkBuyCopy('buy', { amount: formatAmount(q.payPrice) })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
