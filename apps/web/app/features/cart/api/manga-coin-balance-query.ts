import { queryOptions } from '@tanstack/react-query';
import { getMangaCoinBalance } from './pre-order-api';

/** `GET /api/manga_coin/balance`: the member's manga coins (what a pre-order is paid with). */
export const mangaCoinBalanceQuery = () => queryOptions({ queryKey: ['wallet', 'manga-coin-balance'], queryFn: getMangaCoinBalance });
