import {
  type RankGender,
  isRankGender,
  isRankingTerm,
  rankGenderLabels,
  rankGenders,
  rankingTerms,
} from '@hondana/domain/catalog/rankings';
import { data } from 'react-router';
import { Pager } from '../components/pager';
import { Tabs } from '../components/tabs';
import { TileList } from '../components/tile-list';
import { parsePage } from '../features/catalog/series-href';
import { tileFromRanking } from '../features/catalog/tile-view.server';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/ranking';
import styles from './catalog-page.module.css';

const rankingHref = (term: string, page: number, gender: RankGender) =>
  `/ranking/${term}/${page}${gender === 'all' ? '' : `?gender=${gender}`}`;

/** `/ranking/{daily|weekly|monthly|trending}/{page}?gender=…` (§2, §9 ranking periods and rank genders). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  if (!isRankingTerm(params.term) || page === null) throw data(null, { status: 404 });
  const term = params.term;
  const genderParam = url.searchParams.get('gender') ?? 'all';
  const gender: RankGender = isRankGender(genderParam) ? genderParam : 'all';
  const ranking = await context.catalog.getRankingPage({ term, gender, page });
  const now = context.catalog.now();
  return {
    term,
    gender,
    genderLabel: rankGenderLabels[gender],
    page,
    hasNext: ranking.nextPage !== null,
    tiles: ranking.entities.map((entry) => tileFromRanking(entry, now, { ribbon: gender === 'all' })),
    termTabs: rankingTerms.map((key) => ({
      key,
      label: i18n.t(`ranking.term.${key}`),
      href: rankingHref(key, 1, gender),
      current: key === term,
    })),
    genderTabs: rankGenders.map((key) => ({
      key,
      label: rankGenderLabels[key],
      href: rankingHref(term, 1, key),
      current: key === gender,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') });
  const term = i18n.t(`ranking.term.${loaderData.term}`);
  const pageSuffix = loaderData.page > 1 ? ` ${loaderData.page}ページ` : '';
  return pageMeta({
    title: `${i18n.t('ranking.title', { term })}（${loaderData.genderLabel}）${pageSuffix}`,
    description: i18n.t('ranking.description', { term, gender: loaderData.genderLabel }),
  });
};

export default function Ranking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { term, gender, page, tiles, termTabs, genderTabs, hasNext, genderLabel } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {t('ranking.title', { term: t(`ranking.term.${term}`) })}
        <span className={styles.subtitle}>{genderLabel}</span>
      </h1>
      <Tabs label={t('ranking.terms')} tabs={termTabs} />
      <Tabs label={t('ranking.genders')} tabs={genderTabs} />
      <div className={styles.body}>
        {tiles.length === 0 ? <p className={styles.empty}>{t('ranking.empty')}</p> : <TileList tiles={tiles} eager={6} kept />}
      </div>
      <Pager page={page} hasNext={hasNext} href={(p) => rankingHref(term, p, gender)} />
    </div>
  );
}
