import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceCartCount } from '../../../components/cart-count-event';
import { activeItemsQuery } from './active-items-query';
import { addToCart } from './cart-api';

/** `POST /api/cart/book`; then the cart is read again and the header's count follows it. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    // Not awaited: the book is in as soon as the server says so.
    onSuccess: () => {
      queryClient.fetchQuery({ ...activeItemsQuery(), staleTime: 0 }).then(
        (cart) => announceCartCount(cart.items.length),
        () => undefined,
      );
    },
  });
}
