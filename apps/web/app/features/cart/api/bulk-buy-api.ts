import type { BulkQuote } from '@hondana/domain/cart/bulk-buy-api';
import type { OrderV3Response } from '@hondana/domain/cart/cart-api';
import { queryOptions } from '@tanstack/react-query';
import { createToken } from '../../../lib/api/client';
import { apiGet, apiPost } from '../../../lib/api/no-login-redirect';

/** The range a member picks on the series page (`pickBulkVolumes` of the domain). */
export type BulkRangeChoice = { kind: 'all' } | { kind: 'next'; count: number } | { kind: 'from'; fromVol: number };

const rangeQuery = (range: BulkRangeChoice) =>
  range.kind === 'next' ? { count: range.count } : range.kind === 'from' ? { from_vol: range.fromVol } : {};

/** `GET /cart/bulk/quote`: what buying the range costs and earns, as the server works it out. */
export const bulkQuoteQuery = (titleId: number, range: BulkRangeChoice, useCoupon: boolean) =>
  queryOptions({
    queryKey: ['bulk-quote', titleId, range, useCoupon],
    queryFn: () => apiGet<BulkQuote>('/cart/bulk/quote', { title_id: titleId, ...rangeQuery(range), use_coupon: useCoupon ? 1 : 0 }),
    staleTime: 0,
  });

/** `POST /cart/bulk/order`: the quoted volumes as one order, paid with manga coins. */
export async function orderBulk(quote: BulkQuote): Promise<OrderV3Response> {
  const token = await createToken('/cart/create_token');
  return apiPost<OrderV3Response>(
    '/cart/bulk/order',
    {
      titleId: quote.titleId,
      bookIds: quote.bookIds,
      salePrice: quote.totalPrice,
      couponId: quote.coupon?.id ?? null,
      paymentType: 'MANGA_COIN',
    },
    { token },
  );
}
