import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import { deleteWishes } from '../api/wish';
import { WISH_LIST_KEY, wishListQuery } from '../api/wish-list-query';
import styles from './notices-page.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-notices';

const PAGE = 50;

/** The member's list: titles with their newest volume, removable one by one or in bulk. */
export function WishList() {
  return (
    <QueryProvider>
      <Wishes />
    </QueryProvider>
  );
}

function Wishes() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(wishListQuery(PAGE));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const removal = useMutation({
    mutationFn: deleteWishes,
    onSuccess: () => {
      setSelected(new Set());
      // The pages shown are read again, as the list stands now.
      return queryClient.invalidateQueries({ queryKey: WISH_LIST_KEY });
    },
  });
  const remove = (ids: number[]) => removal.mutate(ids);
  const titles = list.data?.pages.flatMap((p) => p.titles) ?? null;
  const total = list.data?.pages.at(-1)?.totalCount ?? 0;
  const failed = list.isError || removal.isError;
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (failed) return <p className={styles.error}>{t('noticesEntry.wish.failed')}</p>;
  if (!titles) return null;
  if (titles.length === 0) return <p className={styles.note}>{t('notices.wishList.none')}</p>;
  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.meta}>{t('notices.wishList.count', { count: total })}</span>
        <button type="button" className={styles.button} disabled={selected.size === 0} onClick={() => remove([...selected])}>
          {t('notices.wishList.removeSelected')}
        </button>
      </div>
      <ul className={styles.list}>
        {titles.map((title) => (
          <li key={title.titleId} className={styles.item}>
            <input
              type="checkbox"
              aria-label={t('notices.wishList.select', { title: title.name })}
              checked={selected.has(title.titleId)}
              onChange={() => toggle(title.titleId)}
            />
            {title.imageUrl && <img src={title.imageUrl} alt="" width={64} height={91} loading="lazy" />}
            <div className={styles.itemBody}>
              <Link to={`/series_list/series_id=${title.titleId}`} className={styles.itemTitle}>
                {title.name}
              </Link>
              {title.newestBook && (
                <p className={styles.meta}>
                  {t('notices.wishList.newest', { vol: title.newestBook.vol, date: formatTokyoDate(title.newestBook.startDatetime) })}
                </p>
              )}
            </div>
            <button type="button" className={styles.button} onClick={() => remove([title.titleId])}>
              {t('notices.wishList.remove')}
            </button>
          </li>
        ))}
      </ul>
      {titles.length < total && (
        <button type="button" className={styles.button} onClick={() => void list.fetchNextPage()}>
          {t('reviews.more')}
        </button>
      )}
    </>
  );
}
