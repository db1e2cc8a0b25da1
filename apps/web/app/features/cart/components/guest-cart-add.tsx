import { useState, useSyncExternalStore } from 'react';
import { Snackbar } from '../../../components/snackbar';
import { cartCopy } from '../../../i18n/ja-cart';
import { addGuestBook, readGuestCart } from '../guest-cart-storage';
import styles from './cart-button.module.css';

const noSubscription = () => () => {};

/**
 * A guest's カートに追加 (§2 guest page of the viewer's last page): the book goes into the guest
 * cart kept in this browser (§5, merged into the member's cart at login), the snackbar says so
 * and the button becomes カートを見る.
 */
export function GuestCartAdd({ bookId, refName }: { bookId: number; refName: string }) {
  const stored = useSyncExternalStore(
    noSubscription,
    () => readGuestCart().includes(bookId),
    () => false,
  );
  const [added, setAdded] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const add = () => {
    try {
      if (addGuestBook(bookId)) {
        setAdded(true);
        setMessage(cartCopy('added'));
      }
    } catch {
      // Storage refused (private mode): the cart page's ?add= keeps it for this visit instead.
      window.location.assign(`/cart?add=${bookId}&ref=${refName}`);
    }
  };
  return (
    <>
      {stored || added ? (
        <a className={styles.view} href={`/cart?ref=${refName}`}>
          {cartCopy('viewCart')}
        </a>
      ) : (
        <button type="button" className={styles.add} onClick={add}>
          {cartCopy('addToCart')}
        </button>
      )}
      <Snackbar message={message} onDone={() => setMessage(null)} />
    </>
  );
}
