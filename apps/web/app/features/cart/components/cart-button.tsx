import { useEffect, useState } from 'react';
import { cartCopy as c } from '../../../i18n/ja-cart';
import type { CartChangeResponse } from '@hondana/domain/cart/cart-api';
import { apiGet, apiPost } from '../../../lib/api/no-login-redirect';
import { announceCartCount } from '../../../components/cart-count-event';
import { Snackbar } from '../../../components/snackbar';
import styles from './cart-button.module.css';

type State = 'loading' | 'out' | 'in';

/**
 * §1 cart button of a member's volume page: カートに追加, or カートを見る once the book is in
 * the cart. (A guest's is a plain link to `/cart?add=…`, which keeps the guest cart of §5.)
 */
export function CartButton({ bookId }: { bookId: number }) {
  const [state, setState] = useState<State>('loading');
  const [toast, setToast] = useState<string | null>(null);
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
      await apiPost<CartChangeResponse>('/cart/book', { book_id: bookId });
      setState('in');
      // The member sees it went in, and the header's count follows.
      setToast(c('added'));
      const cart = await apiGet<{ items: unknown[] }>('/cart/me/active_items').catch(() => null);
      if (cart) announceCartCount(cart.items.length);
    } catch {
      setState('out');
    }
  };

  const status = <Snackbar message={toast} onDone={() => setToast(null)} />;
  if (state === 'in') {
    return (
      <>
        <a className={styles.view} href="/cart?ref=book_detail">
          {c('viewCart')}
        </a>
        {status}
      </>
    );
  }
  return (
    <>
      <button type="button" className={styles.add} disabled={state === 'loading'} onClick={() => void add()}>
        {c('addToCart')}
      </button>
      {status}
    </>
  );
}

export default CartButton;
