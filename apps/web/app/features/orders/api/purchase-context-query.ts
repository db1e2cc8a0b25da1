import { queryOptions } from '@tanstack/react-query';
import { getPurchaseContext } from './get-purchase-context';

/**
 * What the purchase panel needs (balances, status, first purchase, points, packs), read afresh
 * each time the panel opens (nothing kept after it closes) and not retried: the panel says it failed.
 */
export const purchaseContextQuery = (bookId: number) =>
  queryOptions({
    queryKey: ['orders', 'purchase-context', bookId],
    queryFn: () => getPurchaseContext(bookId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
