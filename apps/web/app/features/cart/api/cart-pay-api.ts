import type { OrderTicketsAnswer } from '@hondana/domain/campaigns/lottery-api';
import type { CartChangeResponse, CartOrderResponse, CartOrderStatus } from '@hondana/domain/cart/cart-api';
import type { CartOrderBody } from '@hondana/domain/cart/cart-checkout';
import { ApiError, createToken } from '../../../lib/api/client';
import { apiGet, apiPost } from '../../../lib/api/no-login-redirect';

/** `POST /cart/bundle`: the bundle's books as one cart line. */
export const addBundle = (bundleId: number) => apiPost<CartChangeResponse>('/cart/bundle', { bundle_id: bundleId });

/** `POST /cart/order/v3` with any payment type (coins, card, carriers). */
export async function orderCart(body: Omit<CartOrderBody, 'returnUrl'> & { returnUrl?: string }): Promise<CartOrderResponse> {
  return apiPost<CartOrderResponse>('/cart/order/v3', body, { token: await createToken('/cart/create_token') });
}

/** `GET /cart/order/{id}`: what became of one of the member's cart orders. */
const getCartOrder = (orderId: number) => apiGet<CartOrderStatus>(`/cart/order/${orderId}`);

const POLL_EVERY_MS = 1000;

/**
 * `GET /lottery/campaigns/order`: the lottery campaigns an order's tickets are for, when the order
 * completed after its answer (3-D Secure, then Stripe's webhook) and so did not name them.
 */
export async function orderLotteryCampaigns(orderId: number): Promise<number[]> {
  const body = await apiGet<OrderTicketsAnswer>('/lottery/campaigns/order', { order_id: orderId });
  return [...new Set(body.results.userLotteryTickets.map((t) => t.lotteryCampaignId))];
}

/**
 * A cart order paid through Stripe (issue 39), once it is no longer PROCESSING (the store's
 * answer to Stripe, or Stripe's webhook after 3-D Secure, settled it), or as it is after
 * `timeoutMs` (still PROCESSING: the page says the payment is being confirmed).
 */
export async function settledCartOrder(orderId: number, timeoutMs = 30_000): Promise<CartOrderStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const order = await getCartOrder(orderId);
    if (order.status !== 'PROCESSING' || Date.now() >= until) return order;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

export interface CartArrival {
  /** A provider payment the member comes back from (`?order_id=`), with its books' names. */
  returned: (CartOrderStatus & { names: { bookId: number; name: string }[] }) | null;
  /** A refusal of the `?bundle=` add (its §8 code). */
  bundleError: string | null;
}

/**
 * What the cart URL asks on arrival: `?bundle={id}` adds a bundle (the volume page's link has
 * no script); `?order_id={id}&result=` is the provider's return — the order's own status is read,
 * never the `result` parameter.
 */
export async function cartArrival(params: URLSearchParams): Promise<CartArrival> {
  const bundle = Number(params.get('bundle'));
  const orderId = Number(params.get('order_id'));
  let bundleError: string | null = null;
  if (Number.isInteger(bundle) && bundle > 0) {
    await addBundle(bundle).catch((error: unknown) => {
      bundleError = error instanceof ApiError ? error.errorCode : 'INTERNAL_SERVER_ERROR';
    });
  }
  if (!Number.isInteger(orderId) || orderId <= 0) return { returned: null, bundleError };
  const status = await getCartOrder(orderId).catch(() => null);
  if (!status) return { returned: null, bundleError };
  const names = await Promise.all(
    status.bookIds.map((bookId) =>
      apiGet<{ bookTitle: string }>(`/books/${bookId}`).then(
        (b) => ({ bookId, name: b.bookTitle }),
        () => ({ bookId, name: String(bookId) }),
      ),
    ),
  );
  return { returned: { ...status, names }, bundleError };
}
