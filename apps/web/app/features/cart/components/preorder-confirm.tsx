import { useEffect, useState } from 'react';
import { preorderCopy as p, preorderErrorCopy } from '../../../i18n/ja-preorder';
import { ApiError } from '../../../lib/api/client';
import { type PlacedPreOrder, getMangaCoinBalance, placePreOrder } from '../api/pre-order-api';
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

const yen = (n: number) => n.toLocaleString('ja-JP');
type State = { step: 'confirm'; error: string | null } | { step: 'placing' } | { step: 'done'; order: PlacedPreOrder };

/**
 * The member's pre-order confirmation (§2 `/preorder/confirm/book_id={id}`): the volume, its
 * price, release date and pre-order bonus, the payment method (manga coins, with the balance)
 * and 予約する; then the result. A refusal of §8 is shown in place and nothing is charged.
 */
export function PreorderConfirm({ book }: { book: PreorderBook }) {
  const [balance, setBalance] = useState<number | null>(null);
  const [state, setState] = useState<State>({ step: 'confirm', error: null });

  useEffect(() => {
    let live = true;
    void getMangaCoinBalance().then(
      (b) => live && setBalance(b.balance),
      () => live && setBalance(null),
    );
    return () => {
      live = false;
    };
  }, [state.step]);

  const place = async () => {
    setState({ step: 'placing' });
    try {
      setState({ step: 'done', order: await placePreOrder(book.bookId, book.price) });
    } catch (error) {
      setState({ step: 'confirm', error: preorderErrorCopy(error instanceof ApiError ? error.errorCode : '') });
    }
  };

  if (state.step === 'done') {
    const { order } = state;
    return (
      <section className={styles.done} role="status" data-testid="preorder-done">
        <h2 className={styles.doneHeading}>{p('done')}</h2>
        <p>{p('book', { title: book.titleName, vol: book.vol })}</p>
        <p>{p('doneBody', { date: book.releaseDate })}</p>
        <p className={styles.status}>{p(`status.${order.orderStatus}`)}</p>
        {order.bonusPoint > 0 && <p className={styles.bonus}>{p('doneBonus', { point: yen(order.bonusPoint) })}</p>}
        <a className={styles.back} href={book.seriesHref}>
          {p('back')}
        </a>
      </section>
    );
  }

  const short = balance !== null && balance < book.price ? book.price - balance : 0;
  const busy = state.step === 'placing';
  return (
    <section className={styles.confirm}>
      <div className={styles.book}>
        <img className={styles.cover} src={book.imageUrl} alt="" width={96} height={136} />
        <p className={styles.name}>{p('book', { title: book.titleName, vol: book.vol })}</p>
      </div>
      <dl className={styles.facts}>
        <dt>{p('price')}</dt>
        <dd className={styles.price} data-testid="preorder-price">
          {p('priceValue', { price: yen(book.price) })}
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
                  <li key={b.id}>{p('bonusLine', { name: b.name, point: yen(b.totalPoint) })}</li>
                ))}
              </ul>
              <p className={styles.note}>{p('bonusNote')}</p>
            </>
          )}
        </dd>
        <dt>{p('payment')}</dt>
        <dd>
          {p('mangaCoin')}
          <p className={styles.note}>{balance === null ? p('balanceLoading') : p('balance', { balance: yen(balance) })}</p>
        </dd>
      </dl>
      {short > 0 && (
        <p className={styles.alert}>
          {p('short', { short: yen(short) })} <CoinShopLink>{p('buyCoins')}</CoinShopLink>
        </p>
      )}
      {state.step === 'confirm' && state.error && (
        <p className={styles.alert} role="alert">
          {state.error}
        </p>
      )}
      <button type="button" className={styles.place} disabled={busy || short > 0} onClick={() => void place()}>
        {busy ? p('placing') : p('place')}
      </button>
      <p className={styles.note}>{p('cancelNote')}</p>
      <a className={styles.back} href={book.seriesHref}>
        {p('back')}
      </a>
    </section>
  );
}
