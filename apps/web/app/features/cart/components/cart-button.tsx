import { useEffect, useState } from 'react';
import { cartCopy as c } from '../../../i18n/ja-cart';
import { apiGet, apiPost } from '../../wallet/api/api-client';
import { addGuestBook, readGuestCart } from '../guest-cart-storage';
import styles from './cart-button.module.css';

type State = 'loading' | 'out' | 'in';

/**
 * §1 cart button: カートに追加, or カートを見る once the book is in the cart. A guest's cart is
 * kept in this browser (§5, up to 100 ids) and moves into the member's cart at login.
 */
export function CartButton({ bookId, member }: { bookId: number; member: boolean }) {
  const [state, setState] = useState<State>('loading');
  useEffect(() => {
    let live = true;
    // Local storage is read after mount (it does not exist on the server render).
    const inCart = member
      ? apiGet<{ items: { bookId: number }[] }>('/cart/me/active_items').then((cart) => cart.items.some((i) => i.bookId === bookId))
      : Promise.resolve(readGuestCart().includes(bookId));
    inCart.then((found) => live && setState(found ? 'in' : 'out')).catch(() => live && setState('out'));
    return () => {
      live = false;
    };
  }, [bookId, member]);

  const add = async () => {
    if (!member) {
      setState(addGuestBook(bookId) ? 'in' : 'out');
      return;
    }
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
