/**
 * Payment types of §9 with their numeric codes, card brands, and the sandbox provider's
 * test cards (shared by the server's sandbox and the coin shop's hint text).
 */
import { z } from 'zod';

/** §9 payment types. Orders also use FREE, POINT and SERIAL_CHARGE. */
export const PaymentType = {
  FREE: 'FREE',
  POINT: 'POINT',
  COIN: 'COIN',
  AMEBA_PAY_CREDIT_CARD: 'AMEBA_PAY_CREDIT_CARD',
  MANGA_COIN: 'MANGA_COIN',
  SERIAL_CHARGE: 'SERIAL_CHARGE',
  SIMPLY_PAY_CREDIT_CARD: 'SIMPLY_PAY_CREDIT_CARD',
  DOCOMO: 'DOCOMO',
  PAYPAY: 'PAYPAY',
  AU: 'AU',
  SOFTBANK: 'SOFTBANK',
  LINEPAY: 'LINEPAY',
  RAKUTENPAY: 'RAKUTENPAY',
  /** Konbini (convenience store) payment through Stripe (issue 39): not in §9's list, code 12. */
  KONBINI: 'KONBINI',
} as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

/** §9 numeric codes: FREE -2, POINT -1, COIN 0, card 1, manga coin 2, serial charge 3, carriers 4–11. */
export const paymentTypeCode: Record<PaymentType, number> = {
  FREE: -2,
  POINT: -1,
  COIN: 0,
  AMEBA_PAY_CREDIT_CARD: 1,
  MANGA_COIN: 2,
  SERIAL_CHARGE: 3,
  SIMPLY_PAY_CREDIT_CARD: 4,
  DOCOMO: 5,
  PAYPAY: 6,
  AU: 7,
  SOFTBANK: 8,
  LINEPAY: 9,
  RAKUTENPAY: 11,
  KONBINI: 12,
};

/**
 * How a coin pack is paid (`payment_type` of `/manga_coin/items/v3`, `/good_value`): the §3
 * "good-value item per payment type" names. `creditcard` is paid by card at once; the others
 * go through the provider's confirmation page and come back to a return URL.
 */
export const CoinPaymentMethod = {
  creditcard: 'creditcard',
  docomo: 'docomo',
  paypay: 'paypay',
  au: 'au',
  softbank: 'softbank',
  linepay: 'linepay',
  rakutenpay: 'rakutenpay',
  /**
   * Konbini (issue 39): a voucher paid in cash at a convenience store within days; offered only by
   * the Stripe provider, for coin packs only (not the cart's, nor §3's list of payment types).
   */
  konbini: 'konbini',
} as const;
export type CoinPaymentMethod = (typeof CoinPaymentMethod)[keyof typeof CoinPaymentMethod];
/** §3's payment types (the cart's and the sandbox's): every method but konbini. */
export const coinPaymentMethods = [
  'creditcard',
  'docomo',
  'paypay',
  'au',
  'softbank',
  'linepay',
  'rakutenpay',
] as const satisfies readonly CoinPaymentMethod[];
/** Every way a coin pack may be paid: §3's and konbini (which a provider offers is `CoinPaymentConfig.methods`). */
export const coinShopPaymentMethods = Object.values(CoinPaymentMethod);
export const coinPaymentMethodParam = z.enum(coinShopPaymentMethods, {
  message: `must be one of ${coinShopPaymentMethods.join(', ')}`,
});

/** The order payment type a coin pack payment method records. */
export const paymentTypeOfMethod: Record<CoinPaymentMethod, PaymentType> = {
  creditcard: PaymentType.SIMPLY_PAY_CREDIT_CARD,
  docomo: PaymentType.DOCOMO,
  paypay: PaymentType.PAYPAY,
  au: PaymentType.AU,
  softbank: PaymentType.SOFTBANK,
  linepay: PaymentType.LINEPAY,
  rakutenpay: PaymentType.RAKUTENPAY,
  konbini: PaymentType.KONBINI,
};

/** Shown on the confirmation page and in payment history. */
export const coinPaymentMethodLabels: Record<CoinPaymentMethod, string> = {
  creditcard: 'クレジットカード',
  docomo: 'ドコモ払い',
  paypay: 'PayPay',
  au: 'auかんたん決済',
  softbank: 'ソフトバンクまとめて支払い',
  linepay: 'LINE Pay',
  rakutenpay: '楽天ペイ',
  konbini: 'コンビニ払い',
};

/** §9 card types. */
export const CardBrand = {
  VISA: 'VISA',
  MASTER: 'MASTER',
  JCB: 'JCB',
  AMEX: 'AMEX',
  DINERS: 'DINERS',
  UNKNOWN: 'UNKNOWN',
} as const;
export type CardBrand = (typeof CardBrand)[keyof typeof CardBrand];

/** The brand of a card number by its issuer prefix; UNKNOWN brands are not accepted. */
export function cardBrandOf(number: string): CardBrand {
  const digits = number.replace(/\D/g, '');
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return CardBrand.VISA;
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return CardBrand.MASTER;
  if (four >= 3528 && four <= 3589) return CardBrand.JCB;
  if (two === 34 || two === 37) return CardBrand.AMEX;
  if (two === 36 || two === 38 || two === 39 || (Number(digits.slice(0, 3)) >= 300 && Number(digits.slice(0, 3)) <= 305))
    return CardBrand.DINERS;
  return CardBrand.UNKNOWN;
}

/** Luhn checksum: catches a mistyped digit before the provider is asked. */
export function passesLuhn(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Test cards of the sandbox provider (any future expiry, any 3–4 digit CVC). Any other valid
 * number of a known brand succeeds; a number of an unknown brand is UNSUPPORTED_CARD.
 */
export const SandboxTestCard = {
  SUCCESS: '4242424242424242',
  SUCCESS_JCB: '3530111333300000',
  SUCCESS_MASTER: '5555555555554444',
  DECLINED: '4000000000000002',
  UNSUPPORTED: '6011111111111117',
  LIMIT_EXCEEDED: '4000000000009995',
} as const;

/**
 * The card as the sandbox's card fields send it to the sandbox's own endpoint (`POST
 * /sandbox/cards`, standing in for a provider's servers). It never reaches the store's API: the
 * store gets the `cardId` the provider answered (§7 "Card coin purchase payload").
 */
export const CardInput = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  holder: z.string().trim().max(60).optional(),
});
export type CardInput = z.infer<typeof CardInput>;

/** What the provider's card endpoint answers: the card's id, to send to the store, and what the page may show of it. */
export const CardToken = z.object({ cardId: z.string(), brand: z.string(), last4: z.string() });
export type CardToken = z.infer<typeof CardToken>;

/**
 * A card the provider keeps (§3 User subscription `cardId`, §7 card payloads): the sandbox's
 * `card_…`, or a Stripe PaymentMethod `pm_…` from the Payment Element (test ones like `pm_card_visa`).
 */
export const CardId = z.string().regex(/^(card|pm)_[\w-]{6,60}$/, 'must be a card id');

/**
 * The `card` field of a store request: refused whatever it holds. Card numbers go to the
 * provider's card fields, never to the store's server (PCI DSS); a request carrying one is a
 * 400 naming `card`.
 */
export const RefusedCardData = z
  .unknown()
  .refine((v) => v === undefined, { message: "card numbers are not accepted by the store: send the cardId of the provider's card fields" })
  .optional();

/** Whether a MM/YY expiry is this month or later (cards are valid through their month's end). */
export function cardExpiryValid(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = Date.UTC(2000 + yy, mm, 1);
  return endOfMonth > now.getTime();
}
