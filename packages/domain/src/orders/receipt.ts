/**
 * The figures of a purchase receipt (領収書) that the store mails after a paid order: the
 * consumption tax included in an amount and how a payment type is named. Prices are tax
 * included (1 coin = 1 yen), so the tax is the part of the amount paid, rounded down.
 */
import { type PaymentType, coinPaymentMethodLabels } from '../wallet/wallet-payments';

/** The standard consumption tax rate of Japan, in percent (digital content is not reduced-rate). */
export const CONSUMPTION_TAX_PERCENT = 10;

/** The consumption tax inside a tax-included amount: ⌊amount × 10 / 110⌋. */
export function includedConsumptionTax(amount: number): number {
  if (!Number.isInteger(amount) || amount <= 0) return 0;
  return Math.floor((amount * CONSUMPTION_TAX_PERCENT) / (100 + CONSUMPTION_TAX_PERCENT));
}

const paymentTypeLabels: Record<PaymentType, string> = {
  FREE: '無料',
  POINT: 'ポイント',
  COIN: 'コイン',
  AMEBA_PAY_CREDIT_CARD: 'クレジットカード',
  MANGA_COIN: 'マンガコイン',
  SERIAL_CHARGE: '連載チャージ',
  SIMPLY_PAY_CREDIT_CARD: coinPaymentMethodLabels.creditcard,
  DOCOMO: coinPaymentMethodLabels.docomo,
  PAYPAY: coinPaymentMethodLabels.paypay,
  AU: coinPaymentMethodLabels.au,
  SOFTBANK: coinPaymentMethodLabels.softbank,
  LINEPAY: coinPaymentMethodLabels.linepay,
  RAKUTENPAY: coinPaymentMethodLabels.rakutenpay,
  KONBINI: coinPaymentMethodLabels.konbini,
};

/** A payment type as the receipt names it; an unknown one as it is. */
export const paymentTypeLabel = (type: string): string => paymentTypeLabels[type as PaymentType] ?? type;
