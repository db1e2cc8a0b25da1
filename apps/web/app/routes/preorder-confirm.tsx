import { formatJapaneseDate } from '@hondana/domain/common/time';
import { data, redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { seriesHref } from '../features/catalog/series-href';
import { type PreorderBook, PreorderConfirm } from '../features/cart/components/preorder-confirm';
import styles from '../features/cart/components/preorder-confirm.module.css';
import { preorderCopy } from '../i18n/ja-preorder';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/preorder-confirm';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: preorderCopy('title'), description: preorderCopy('description') }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * `/preorder/confirm/book_id={id}?ref=preorder_reader` (§2): a member confirms a pre-order of a
 * volume not yet released. A guest goes to login and comes back here. The volume (as this
 * viewer may see it, §6) and its pre-order bonus are read in-process; `open` is false when it
 * is not (or no longer) open for pre-order.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const match = /^book_id=(\d{1,9})$/.exec(params.bookSegment);
  if (!match) throw data(null, { status: 404 });
  if (!context.viewer) throw redirect(loginHref(url.pathname + url.search));
  const bookId = Number(match[1]);
  const [book, bonus] = await Promise.all([context.catalog.getBookDetail({ bookId }), context.cart.preOrderBonus(bookId)]);
  if (!book) throw data(null, { status: 404 });
  const view: PreorderBook = {
    bookId,
    titleName: book.titleName,
    vol: book.vol,
    imageUrl: book.imageUrl,
    price: bonus?.price ?? book.price,
    releaseDate: formatJapaneseDate(book.startDatetime),
    seriesHref: seriesHref(book.titleId, bookId),
    bonus: {
      totalPoint: bonus?.totalPoint ?? 0,
      list: (bonus?.list ?? []).map((b) => ({ id: b.id, name: b.name, totalPoint: b.totalPoint })),
    },
  };
  return { open: bonus !== null && book.reservable, book: view };
}

export default function PreorderConfirmPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{preorderCopy('heading')}</h1>
      {d.open ? (
        <PreorderConfirm book={d.book} />
      ) : (
        <section className={styles.confirm}>
          <p className={styles.alert}>{preorderCopy('notOpen')}</p>
          <a className={styles.back} href={d.book.seriesHref}>
            {preorderCopy('back')}
          </a>
        </section>
      )}
    </div>
  );
}
