import { preparedQuery } from '../../db/prepared-query';
import { paidBookOrderQuery, paidMoneyOrderQuery } from '../orders/purchase';
import { balanceQuery } from '../ledger/ledger';

/** get_status' member reads (`status.ts`): balances, first-buy and paid states, the registered top page, one row. */
export const moneyStatusQuery = preparedQuery((db, $: { userId: number; now: number }) =>
  db.selectNoFrom([
    balanceQuery(db, $.userId, 'COIN', $.now).as('coin'),
    balanceQuery(db, $.userId, 'MANGA_COIN', $.now).as('mangaCoin'),
    paidBookOrderQuery(db, $.userId).as('paidBookOrder'),
    paidMoneyOrderQuery(db, $.userId).as('paidMoneyOrder'),
    db.selectFrom('user_app_settings').select('specify_top').where('user_id', '=', $.userId).as('specifyTop'),
  ]),
);
