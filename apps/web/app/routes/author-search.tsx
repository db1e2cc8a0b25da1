import { data } from 'react-router';
import { Pager } from '../components/pager';
import { TitleResults } from '../features/catalog/components/title-results';
import { parsePage } from '../features/catalog/series-href';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/author-search';
import styles from './catalog-page.module.css';

/** `/search/author/{authorId}/{page}` (§2): an author's titles; an unknown author is a 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  const authorId = /^\d{1,15}$/.test(params.authorId) ? Number(params.authorId) : null;
  if (page === null || authorId === null) throw data(null, { status: 404 });
  const result = await context.catalog.searchByAuthor({ authorId, page });
  if (!result.author) throw data(null, { status: 404 });
  return { author: result.author, page, pageCount: result.pageCount, totalCount: result.totalCount, titles: result.titles };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') });
  const { name, kana } = loaderData.author;
  return pageMeta({
    title: i18n.t('search.authorTitle', { name }),
    description: i18n.t('search.authorDescription', { name, kana }),
    type: 'profile',
  });
};

export default function AuthorSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { author, page, pageCount, totalCount, titles } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {t('search.authorTitle', { name: author.name })}
        <span className={styles.subtitle}>{t('search.count', { count: totalCount })}</span>
      </h1>
      {titles.length === 0 ? (
        <p className={styles.empty}>{t('search.authorEmpty')}</p>
      ) : (
        <>
          <TitleResults titles={titles} />
          <Pager page={page} total={pageCount} href={(p) => `/search/author/${author.authorId}/${p}`} />
        </>
      )}
    </div>
  );
}
