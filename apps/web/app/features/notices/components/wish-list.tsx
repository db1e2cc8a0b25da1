import type { WishTitle } from '@hondana/domain/notices/notices';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import { deleteWishes, getWishList } from '../api/wish';
import styles from './notices-page.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-notices';

const PAGE = 50;

/** The member's list: titles with their newest volume, removable one by one or in bulk. */
export function WishList() {
  const { t } = useTranslation();
  const [titles, setTitles] = useState<WishTitle[] | null>(null);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const load = (offset: number) =>
    getWishList(offset, PAGE)
      .then((page) => {
        setTotal(page.totalCount);
        setTitles((prev) => (offset === 0 ? page.titles : [...(prev ?? []), ...page.titles]));
      })
      .catch(() => setFailed(true));
  useEffect(() => {
    void load(0);
  }, []);

  async function remove(ids: number[]) {
    try {
      await deleteWishes(ids);
      setSelected(new Set());
      await load(0);
    } catch {
      setFailed(true);
    }
  }
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
            <input type="checkbox" aria-label={t('notices.wishList.select', { title: title.name })} checked={selected.has(title.titleId)} onChange={() => toggle(title.titleId)} />
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
        <button type="button" className={styles.button} onClick={() => load(titles.length)}>
          {t('reviews.more')}
        </button>
      )}
    </>
  );
}
