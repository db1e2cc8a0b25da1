import { useEffect } from 'react';
import { Pager } from '../components/pager';
import { TitleResults } from '../features/catalog/components/title-results';
import { parsePage } from '../features/catalog/series-href';
import { i18n, useTranslation } from '../i18n/i18n';
import { track } from '../lib/track';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/search';
import styles from './catalog-page.module.css';

const PAGE_SIZE = 20;
/** Longer queries are cut (the header's box has no limit of its own). */
const WORD_MAX = 100;

const searchHref = (word: string, page: number) => `/search?word=${encodeURIComponent(word)}${page > 1 ? `&page=${page}` : ''}`;

/** `/search?word=` (§2): titles and authors matching a keyword (kana, width and case folded by the service). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = url.searchParams;
  const word = (query.get('word') ?? '').trim().slice(0, WORD_MAX);
  const page = parsePage(query.get('page')) ?? 1;
  if (!word) return { word, page, totalCount: 0, titles: [] };
  const result = await context.catalog.searchKeyword({ word, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return { word, page, totalCount: result.totalCount, titles: result.titles };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const word = loaderData?.word ?? '';
  const base = word
    ? pageMeta({ title: i18n.t('search.title', { word }), description: i18n.t('search.description', { word }) })
    : pageMeta({ title: i18n.t('search.titleEmpty'), description: i18n.t('search.descriptionEmpty') });
  return [...base, { name: 'robots', content: 'noindex' }];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { word, page, totalCount, titles } = loaderData;
  // §7 /log/search: a search the person made (its first page; paging is a page view).
  useEffect(() => {
    if (word && page === 1) track('search', { word });
  }, [word, page]);
  if (!word) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('search.titleEmpty')}</h1>
        <p className={styles.empty}>{t('search.noWord')}</p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {t('search.title', { word })}
        <span className={styles.subtitle}>{t('search.count', { count: totalCount })}</span>
      </h1>
      {titles.length === 0 ? (
        <p className={styles.empty}>{t('search.empty', { word })}</p>
      ) : (
        <>
          <TitleResults
            titles={titles}
            onTap={(titleId, position) => track('tap_result', { word, title_id: titleId, position: (page - 1) * PAGE_SIZE + position })}
          />
          <Pager page={page} total={Math.ceil(totalCount / PAGE_SIZE)} href={(p) => searchHref(word, p)} />
        </>
      )}
    </div>
  );
}
