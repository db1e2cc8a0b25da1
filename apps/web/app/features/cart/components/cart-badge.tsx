import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CART_CHANGED } from '../cart-events';
import { readGuestCart } from '../guest-cart-storage';
import styles from './cart-badge.module.css';

/**
 * The number on the header's cart link: the member's cart (`/cart/me/active_items`) or the
 * guest cart kept in this browser, read after each navigation and whenever the cart button
 * announces a change. Nothing shows at 0 or on failure.
 */
export function CartBadge({ member }: { member: boolean }) {
  const location = useLocation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = member
      ? fetch('/api/cart/me/active_items', { credentials: 'same-origin', headers: { accept: 'application/json' } })
          .then((r) => (r.ok ? (r.json() as Promise<{ items: unknown[] }>) : { items: [] }))
          .then((cart) => cart.items.length)
      : Promise.resolve(readGuestCart().length);
    read.then((n) => live && setCount(n)).catch(() => live && setCount(0));
    return () => {
      live = false;
    };
  }, [member, location.pathname, location.search]);
  useEffect(() => {
    const onChange = (e: Event) => setCount((e as CustomEvent<number>).detail);
    window.addEventListener(CART_CHANGED, onChange);
    return () => window.removeEventListener(CART_CHANGED, onChange);
  }, []);
  if (count <= 0) return null;
  return (
    <span className={styles.badge} data-testid="cart-count">
      {count > 99 ? '99+' : count}
    </span>
  );
}

export default CartBadge;
