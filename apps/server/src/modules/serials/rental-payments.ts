import type { PaymentHistoryItem } from '@hondana/domain/orders/orders-api';
import { RentalPaymentType } from '@hondana/domain/serials/serials';
import { paymentTypeCode } from '@hondana/domain/wallet/wallet-payments';
import type { Db } from '../../db/schema';
import { rentalPaymentCount, rentalPaymentRows } from './user-serials.repository';

/**
 * The member's coin rentals (spend type 2, paid with coins or manga coins) as `/order/payments`
 * lists them: newest first, the first `take` of them, and how many there are in all.
 */
export async function rentalPayments(db: Db, userId: number, take: number): Promise<{ total: number; items: PaymentHistoryItem[] }> {
  const [rows, count] = await Promise.all([rentalPaymentRows(db, userId, take), rentalPaymentCount(db, userId)]);
  const items = rows.map((r): PaymentHistoryItem => {
    const paymentType = r.payment_type === RentalPaymentType.COIN ? 'COIN' : 'MANGA_COIN';
    return {
      orderId: r.id,
      orderDatetime: Number(r.created_at),
      kind: 'SERIAL_RENTAL',
      status: 'COMPLETE',
      paymentType,
      paymentTypeCode: paymentTypeCode[paymentType],
      totalPrice: r.price,
      usePoint: 0,
      point: 0,
      items: [],
      coinItem: null,
      rental: {
        serialId: r.serial_id,
        serialName: r.serial_name,
        episodeId: r.episode_id,
        episodeTitle: r.episode_title,
        rentalEnd: Number(r.rental_end),
      },
    };
  });
  return { total: count, items };
}
