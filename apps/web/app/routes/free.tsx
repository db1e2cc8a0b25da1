import { PageType, isPageType, pageTypeLabels, pageTypes } from '@hondana/domain/catalog/catalog';
import { Section, TileList } from '../components/tile-list';
import { Tabs } from '../components/tabs';
import { tileFromBook, tileFromRanking } from '../features/catalog/tile-view.server';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/free';
import styles from './catalog-page.module.css';

const freeHref = (pageType: string) => (pageType === PageType.ALL ? '/free' : `/free?page_type=${pageType}`);

/** `/free` (§2): free books by page type (`page_type`), ending soonest and newly free, and the free ranking. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const param = url.searchParams.get('page_type') ?? PageType.ALL;
  const pageType = isPageType(param) ? param : PageType.ALL;
  const free = await context.catalog.getFreePage({ pageType });
  const now = context.catalog.now();
  return {
    pageType,
    pageTypeLabel: pageTypeLabels[pageType],
    tabs: pageTypes.map((key) => ({ key, label: pageTypeLabels[key], href: freeHref(key), current: key === pageType })),
    closely: free.closely.map((b) => tileFromBook(b, now, { ribbon: pageType === PageType.ALL })),
    newly: free.newly.map((b) => tileFromBook(b, now, { ribbon: pageType === PageType.ALL })),
    ranking: free.ranking.map((e) => tileFromRanking(e, now)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title:
      loaderData && loaderData.pageType !== PageType.ALL ? `${i18n.t('free.title')}（${loaderData.pageTypeLabel}）` : i18n.t('free.title'),
    description: i18n.t('free.description'),
  });

export default function Free({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tabs, closely, newly, ranking } = loaderData;
  const empty = closely.length === 0 && newly.length === 0 && ranking.length === 0;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('free.title')}</h1>
      <Tabs label={t('free.pageTypes')} tabs={tabs} />
      {empty && <p className={styles.empty}>{t('free.empty')}</p>}
      {ranking.length > 0 && (
        <Section id="free-ranking" heading={t('series.freeRanking')}>
          <TileList tiles={ranking} layout="row" eager={4} kept />
        </Section>
      )}
      {closely.length > 0 && (
        <Section id="free-closely" heading={t('free.closely')}>
          <TileList tiles={closely} layout="row" kept />
        </Section>
      )}
      {newly.length > 0 && (
        <Section id="free-newly" heading={t('free.newly')}>
          <TileList tiles={newly} layout="row" kept />
        </Section>
      )}
    </div>
  );
}
