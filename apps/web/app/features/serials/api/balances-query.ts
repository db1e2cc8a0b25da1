import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getBalances } from './serials';

/** `GET /api/user/get_coin` (members): the coin and manga coin balances a rental is paid from. */
export const balancesQuery = () => queryOptions({ queryKey: [SERIALS_KEY, 'balances'], queryFn: getBalances });
