import type { PaymentHistoryItem } from '@hondana/domain/orders';
import { RentalPaymentType } from '@hondana/domain/serials';
import { paymentTypeCode } from '@hondana/domain/wallet-payments';
import type { Db } from './serials.repository';

/**
 * The member's coin rentals (spend type 2, paid with coins or manga coins) as `/order/payments`
 * lists them: newest first, the first `take` of them, and how many there are in all.
 */
export async function rentalPayments(db: Db, userId: number, take: number): Promise<{ total: number; items: PaymentHistoryItem[] }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('serial_rental_payments as p')
      .innerJoin('serials as s', 's.id', 'p.serial_id')
      .innerJoin('serial_episodes as e', 'e.id', 'p.episode_id')
      .select(['p.id', 'p.serial_id', 'p.episode_id', 'p.payment_type', 'p.price', 'p.rental_end', 'p.created_at', 's.name as serial_name', 'e.title as episode_title'])
      .where('p.user_id', '=', userId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(take)
      .execute(),
    db.selectFrom('serial_rental_payments').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
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
  return { total: Number(count.n), items };
}
