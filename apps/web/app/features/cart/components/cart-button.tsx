import { useEffect, useState } from 'react';
import { cartCopy as c } from '../../../i18n/ja-cart';
import { apiGet, apiPost } from '../../wallet/api/api-client';
import styles from './cart-button.module.css';

type State = 'loading' | 'out' | 'in';

/**
 * §1 cart button of a member's volume page: カートに追加, or カートを見る once the book is in
 * the cart. (A guest's is a plain link to `/cart?add=…`, which keeps the guest cart of §5.)
 */
export function CartButton({ bookId }: { bookId: number }) {
  const [state, setState] = useState<State>('loading');
  useEffect(() => {
    let live = true;
    apiGet<{ items: { bookId: number }[] }>('/cart/me/active_items')
      .then((cart) => live && setState(cart.items.some((i) => i.bookId === bookId) ? 'in' : 'out'))
      .catch(() => live && setState('out'));
    return () => {
      live = false;
    };
  }, [bookId]);

  const add = async () => {
    setState('loading');
    try {
      await apiPost('/cart/book', { book_id: bookId });
      setState('in');
    } catch {
      setState('out');
    }
  };

  if (state === 'in') {
    return (
      <a className={styles.view} href="/cart?ref=book_detail">
        {c('viewCart')}
      </a>
    );
  }
  return (
    <button type="button" className={styles.add} disabled={state === 'loading'} onClick={() => void add()}>
      {c('addToCart')}
    </button>
  );
}

export default CartButton;
