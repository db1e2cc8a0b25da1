import { BookTile } from '../components/book-tile';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/home';
import styles from './home.module.css';

/** §9 "title books 30": as many tiles as a title's book list shows. */
const NEW_ARRIVALS = 30;
/** Covers in the first rows load eagerly (largest contentful paint). */
const EAGER_TILES = 8;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: i18n.t('top.title'), description: i18n.t('site.description'), fullTitle: true });

export async function loader({ context }: Route.LoaderArgs) {
  const books = await context.catalog.topPageBooks(NEW_ARRIVALS);
  return { books };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { books } = loaderData;
  return (
    <>
      <h1 className="visually-hidden">{t('top.title')}</h1>
      <section className={styles.section} aria-labelledby="new-arrivals">
        <h2 id="new-arrivals" className={styles.heading}>
          {t('top.newArrivals')}
        </h2>
        {books.length === 0 ? (
          <p className={styles.empty}>{t('top.empty')}</p>
        ) : (
          <ul className={styles.grid}>
            {books.map((book, i) => (
              <li key={book.bookId}>
                <BookTile book={book} eager={i < EAGER_TILES} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
