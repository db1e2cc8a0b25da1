import { formatAmount } from '@hondana/domain/common/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryProvider } from '../../../components/query-provider';
import { preorderCopy as p, preorderErrorCopy } from '../../../i18n/ja-preorder';
import { ApiError } from '../../../lib/api/client';
import { mangaCoinBalanceQuery } from '../api/manga-coin-balance-query';
import { placePreOrder } from '../api/pre-order-api';
import styles from './preorder-confirm.module.css';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';

export interface PreorderBook {
  bookId: number;
  titleName: string;
  vol: number;
  imageUrl: string;
  price: number;
  /** yyyy年M月d日 (Asia/Tokyo). */
  releaseDate: string;
  seriesHref: string;
  bonus: { totalPoint: number; list: { id: number; name: string; totalPoint: number }[] };
}

/**
 * The member's pre-order confirmation (§2 `/preorder/confirm/book_id={id}`): the volume, its
 * price, release date and pre-order bonus, the payment method (manga coins, with the balance)
 * and 予約する; then the result. A refusal of §8 is shown in place and nothing is charged.
 */
export function PreorderConfirm(props: { book: PreorderBook }) {
  return (
    <QueryProvider>
      <Confirm {...props} />
    </QueryProvider>
  );
}

function Confirm({ book }: { book: PreorderBook }) {
  const queryClient = useQueryClient();
  const balanceQuery = useQuery(mangaCoinBalanceQuery());
  const balance = balanceQuery.isError ? null : (balanceQuery.data?.balance ?? null);
  // Placed or refused, the balance is read again.
  const placing = useMutation({
    mutationFn: () => placePreOrder(book.bookId, book.price),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mangaCoinBalanceQuery().queryKey }),
  });
  const error = placing.isError ? preorderErrorCopy(placing.error instanceof ApiError ? placing.error.errorCode : '') : null;

  if (placing.isSuccess) {
    const order = placing.data;
    return (
      <section className={styles.done} role="status" data-testid="preorder-done">
        <h2 className={styles.doneHeading}>{p('done')}</h2>
        <p>{p('book', { title: book.titleName, vol: book.vol })}</p>
        <p>{p('doneBody', { date: book.releaseDate })}</p>
        <p className={styles.status}>{p(`status.${order.orderStatus}`)}</p>
        {order.bonusPoint > 0 && <p className={styles.bonus}>{p('doneBonus', { point: formatAmount(order.bonusPoint) })}</p>}
        <a className={styles.back} href={book.seriesHref}>
          {p('back')}
        </a>
      </section>
    );
  }

  const short = balance !== null && balance < book.price ? book.price - balance : 0;
  const busy = placing.isPending;
  return (
    <section className={styles.confirm}>
      <div className={styles.book}>
        <img className={styles.cover} src={book.imageUrl} alt="" width={96} height={136} />
        <p className={styles.name}>{p('book', { title: book.titleName, vol: book.vol })}</p>
      </div>
      <dl className={styles.facts}>
        <dt>{p('price')}</dt>
        <dd className={styles.price} data-testid="preorder-price">
          {p('priceValue', { price: formatAmount(book.price) })}
        </dd>
        <dt>{p('release')}</dt>
        <dd>{book.releaseDate}</dd>
        <dt>{p('bonus')}</dt>
        <dd>
          {book.bonus.list.length === 0 ? (
            p('bonusNone')
          ) : (
            <>
              <ul className={styles.bonusList}>
                {book.bonus.list.map((b) => (
                  <li key={b.id}>{p('bonusLine', { name: b.name, point: formatAmount(b.totalPoint) })}</li>
                ))}
              </ul>
              <p className={styles.note}>{p('bonusNote')}</p>
            </>
          )}
        </dd>
        <dt>{p('payment')}</dt>
        <dd>
          {p('mangaCoin')}
          <p className={styles.note}>{balance === null ? p('balanceLoading') : p('balance', { balance: formatAmount(balance) })}</p>
        </dd>
      </dl>
      {short > 0 && (
        <p className={styles.alert}>
          {p('short', { short: formatAmount(short) })} <CoinShopLink>{p('buyCoins')}</CoinShopLink>
        </p>
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.place} disabled={busy || short > 0} onClick={() => placing.mutate()}>
        {busy ? p('placing') : p('place')}
      </button>
      <p className={styles.note}>{p('cancelNote')}</p>
      <a className={styles.back} href={book.seriesHref}>
        {p('back')}
      </a>
    </section>
  );
}
