import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cartCopy } from '../../../i18n/ja-cart';
import { Snackbar } from '../../../components/snackbar';
import { activeItemsQuery } from '../api/active-items-query';
import { useAddToCart } from '../api/use-add-to-cart';
import styles from './cart-button.module.css';

type State = 'loading' | 'out' | 'in';

/**
 * §1 cart button of a member's volume page: カートに追加, or カートを見る once the book is in
 * the cart. (A guest's is a plain link to `/cart?add=…`, which keeps the guest cart of §5.)
 */
export function CartButton({ bookId }: { bookId: number }) {
  const [toast, setToast] = useState<string | null>(null);
  const cart = useQuery(activeItemsQuery());
  const add = useAddToCart();
  // The member sees it went in (before the cart is read again); a cart that cannot be read shows the button.
  const state: State =
    add.isPending || (cart.isPending && !add.isSuccess)
      ? 'loading'
      : add.isSuccess || cart.data?.items.some((i) => i.bookId === bookId)
        ? 'in'
        : 'out';
  const onAdd = () => add.mutate(bookId, { onSuccess: () => setToast(cartCopy('added')) });

  const status = <Snackbar message={toast} onDone={() => setToast(null)} />;
  if (state === 'in') {
    return (
      <>
        <a className={styles.view} href="/cart?ref=book_detail">
          {cartCopy('viewCart')}
        </a>
        {status}
      </>
    );
  }
  return (
    <>
      <button type="button" className={styles.add} disabled={state === 'loading'} onClick={onAdd}>
        {cartCopy('addToCart')}
      </button>
      {status}
    </>
  );
}

export default CartButton;
