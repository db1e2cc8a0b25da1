import { formatAmount } from '@hondana/domain/common/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryProvider } from '../../../components/query-provider';
import { preorderCopy, preorderErrorCopy } from '../../../i18n/ja-preorder';
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
        <h2 className={styles.doneHeading}>{preorderCopy('done')}</h2>
        <p>{preorderCopy('book', { title: book.titleName, vol: book.vol })}</p>
        <p>{preorderCopy('doneBody', { date: book.releaseDate })}</p>
        <p className={styles.status}>{preorderCopy(`status.${order.orderStatus}`)}</p>
        {order.bonusPoint > 0 && <p className={styles.bonus}>{preorderCopy('doneBonus', { point: formatAmount(order.bonusPoint) })}</p>}
        <a className={styles.back} href={book.seriesHref}>
          {preorderCopy('back')}
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
        <p className={styles.name}>{preorderCopy('book', { title: book.titleName, vol: book.vol })}</p>
      </div>
      <dl className={styles.facts}>
        <dt>{preorderCopy('price')}</dt>
        <dd className={styles.price} data-testid="preorder-price">
          {preorderCopy('priceValue', { price: formatAmount(book.price) })}
        </dd>
        <dt>{preorderCopy('release')}</dt>
        <dd>{book.releaseDate}</dd>
        <dt>{preorderCopy('bonus')}</dt>
        <dd>
          {book.bonus.list.length === 0 ? (
            preorderCopy('bonusNone')
          ) : (
            <>
              <ul className={styles.bonusList}>
                {book.bonus.list.map((b) => (
                  <li key={b.id}>{preorderCopy('bonusLine', { name: b.name, point: formatAmount(b.totalPoint) })}</li>
                ))}
              </ul>
              <p className={styles.note}>{preorderCopy('bonusNote')}</p>
            </>
          )}
        </dd>
        <dt>{preorderCopy('payment')}</dt>
        <dd>
          {preorderCopy('mangaCoin')}
          <p className={styles.note}>
            {balance === null ? preorderCopy('balanceLoading') : preorderCopy('balance', { balance: formatAmount(balance) })}
          </p>
        </dd>
      </dl>
      {short > 0 && (
        <p className={styles.alert}>
          {preorderCopy('short', { short: formatAmount(short) })} <CoinShopLink>{preorderCopy('buyCoins')}</CoinShopLink>
        </p>
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.place} disabled={busy || short > 0} onClick={() => placing.mutate()}>
        {busy ? preorderCopy('placing') : preorderCopy('place')}
      </button>
      <p className={styles.note}>{preorderCopy('cancelNote')}</p>
      <a className={styles.back} href={book.seriesHref}>
        {preorderCopy('back')}
      </a>
    </section>
  );
}
