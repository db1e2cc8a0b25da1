import { isUnlimitedRental } from '@hondana/domain/serials/serials';
import type { SerialRentalPayment } from '@hondana/domain/serials/serials-api';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import '../../../i18n/ja-serials';

/**
 * A coin rental in the payment history (`/order/payments`): the serial and episode rented,
 * linking to the serial, and until when it runs. The date, amount and payment type are the
 * history row's own.
 */
export function RentalPaymentName({ rental, paidAt }: { rental: SerialRentalPayment; paidAt: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/serial/detail/${rental.serialId}`} data-testid="payment-rental">
        {t('serials.payment.rental', { serial: rental.serialName, episode: rental.episodeTitle })}
      </Link>{' '}
      <span>
        {isUnlimitedRental(rental.rentalEnd, paidAt)
          ? t('serials.payment.unlimited')
          : t('serials.payment.rentedUntil', { date: formatTokyoDateTime(rental.rentalEnd) })}
      </span>
    </>
  );
}
