import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import { RENTAL_FOREVER } from '@hondana/domain/serials/serials';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-serial-history';
import { SERIALS_KEY } from '../api/serial-query';
import { deleteUserHistory, getChargeHistories, getUserHistories } from '../api/serials';
import styles from './serial-history.module.css';

const PAGE = 20;
const HISTORY_KEY = [SERIALS_KEY, 'user-histories'] as const;

function Pager({ offset, count, onMove }: { offset: number; count: number; onMove: (offset: number) => void }) {
  const { t } = useTranslation();
  if (offset === 0 && count < PAGE) return null;
  return (
    <p className={styles.pager}>
      <button type="button" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - PAGE))}>
        {t('serialHistory.prev')}
      </button>
      <button type="button" disabled={count < PAGE} onClick={() => onMove(offset + PAGE)}>
        {t('serialHistory.next')}
      </button>
    </p>
  );
}

/** The member's 閲覧履歴: serials read, newest first, deleted one by one or all at once after a confirmation. */
export function SerialHistoryList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [confirming, setConfirming] = useState<{ serialId: number | null; title: string } | null>(null);
  const list = useQuery({
    queryKey: [...HISTORY_KEY, offset],
    queryFn: () => getUserHistories(offset, PAGE),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (serialId: number | null) => deleteUserHistory(serialId),
    onSuccess: async () => {
      setConfirming(null);
      setOffset(0);
      await queryClient.invalidateQueries({ queryKey: [SERIALS_KEY] });
    },
  });
  const items = list.data?.histories ?? [];
  return (
    <section className={styles.section} aria-labelledby="serial-history-heading">
      <div className={styles.sectionHead}>
        <h2 id="serial-history-heading">{t('serialHistory.histories.heading')}</h2>
        {items.length > 0 && (
          <button type="button" className={styles.danger} onClick={() => setConfirming({ serialId: null, title: '' })}>
            {t('serialHistory.histories.deleteAll')}
          </button>
        )}
      </div>
      {remove.isSuccess && !confirming && (
        <p role="status" className={styles.notice}>
          {t('serialHistory.histories.deleted')}
        </p>
      )}
      {(remove.isError || list.isError) && (
        <p role="alert" className={styles.error}>
          {remove.isError ? t('serialHistory.histories.failed') : t('serialHistory.loadFailed')}
        </p>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby="serial-history-confirm" className={styles.confirm}>
          <p id="serial-history-confirm">
            {confirming.serialId === null
              ? t('serialHistory.histories.confirmAll')
              : t('serialHistory.histories.confirmOne', { title: confirming.title })}
          </p>
          <button type="button" className={styles.danger} disabled={remove.isPending} onClick={() => remove.mutate(confirming.serialId)}>
            {t('serialHistory.histories.confirm')}
          </button>
          <button type="button" onClick={() => setConfirming(null)}>
            {t('serialHistory.histories.cancel')}
          </button>
        </div>
      )}
      {list.isSuccess && items.length === 0 && <p className={styles.empty}>{t('serialHistory.histories.empty')}</p>}
      <ul className={styles.list}>
        {items.map((h) => (
          <li key={h.id} className={styles.row} data-testid="serial-history-item">
            <Link to={`/serial/detail/${h.id}`} className={styles.rowLink}>
              <img src={h.imageUrl} alt="" width={120} height={75} loading="lazy" className={styles.image} />
              <span className={styles.rowText}>
                <span className={styles.title}>
                  {h.title}
                  {h.hasNewEpisode && <span className={styles.badge}>{t('serialHistory.histories.newEpisode')}</span>}
                </span>
                <span>{h.ticketUsable ? t('serialHistory.histories.ticketUsable') : t('serialHistory.histories.ticketWaiting')}</span>
                <span>{t('serialHistory.histories.lastReadAt', { at: formatTokyoDateTime(h.lastReadAt) })}</span>
              </span>
            </Link>
            <button
              type="button"
              aria-label={t('serialHistory.histories.deleteOf', { title: h.title })}
              onClick={() => setConfirming({ serialId: h.id, title: h.title })}
            >
              {t('serialHistory.histories.delete')}
            </button>
          </li>
        ))}
      </ul>
      <Pager offset={offset} count={items.length} onMove={setOffset} />
    </section>
  );
}

/** The member's レンタル履歴: episodes rented with coins or manga coins, newest first. */
export function SerialChargeHistoryList() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [SERIALS_KEY, 'charge-histories', offset],
    queryFn: () => getChargeHistories(offset, PAGE),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.histories ?? [];
  return (
    <section className={styles.section} aria-labelledby="serial-charge-heading">
      <h2 id="serial-charge-heading">{t('serialHistory.charges.heading')}</h2>
      {list.isError && (
        <p role="alert" className={styles.error}>
          {t('serialHistory.loadFailed')}
        </p>
      )}
      {list.isSuccess && items.length === 0 && <p className={styles.empty}>{t('serialHistory.charges.empty')}</p>}
      <ul className={styles.list}>
        {items.map((c) => (
          <li key={`${c.serialEpisodeId}-${c.chargedAt}`} className={styles.row} data-testid="serial-charge-item">
            <span className={styles.rowText}>
              <span>{t('serialHistory.charges.rentedAt', { at: formatTokyoDateTime(c.chargedAt) })}</span>
              <Link to={`/serial/detail/${c.serialId}`} className={styles.title}>
                {c.serialName}
              </Link>
              <span>{c.title}</span>
              <span>
                {c.paymentType === 'MANGA_COIN'
                  ? t('serialHistory.charges.priceMangaCoin', { price: c.price })
                  : t('serialHistory.charges.price', { price: c.price })}
              </span>
              <span>
                {c.rentalEnd >= RENTAL_FOREVER
                  ? t('serialHistory.charges.forever')
                  : t('serialHistory.charges.until', { at: formatTokyoDateTime(c.rentalEnd) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Pager offset={offset} count={items.length} onMove={setOffset} />
    </section>
  );
}
