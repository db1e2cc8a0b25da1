import type { PaymentsResponse } from '@hondana/domain/orders/orders-api';
import { apiGet } from '../../../lib/api/no-login-redirect';

export const PAYMENTS_PAGE_SIZE = 20;

/** `GET /order/payments?offset&limit&ac` (§7): book orders and coin packs, newest first. */
export const getPayments = (page: number, adult: boolean) =>
  apiGet<PaymentsResponse>('/order/payments', {
    offset: (page - 1) * PAYMENTS_PAGE_SIZE,
    limit: PAYMENTS_PAGE_SIZE,
    ac: adult ? 1 : 0,
  });
