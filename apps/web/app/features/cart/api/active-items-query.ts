import { queryOptions } from '@tanstack/react-query';
import { getCart } from './cart-api';

/** Every cart query starts with this key: a change to the cart invalidates them all. */
export const CART_KEY = 'cart';

/** `GET /api/cart/me/active_items`: the member's cart. */
export const activeItemsQuery = () => queryOptions({ queryKey: [CART_KEY, 'active-items'], queryFn: () => getCart() });
