import { type CardToken, SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import type { InputHTMLAttributes } from 'react';
import { providerPost } from '../../lib/api/client';
import { paymentCardCopy } from '../../i18n/ja-payment-card';
import styles from './payment-card.module.css';

/** A card as the card fields hold it: sent once, to the provider only (`takeCard`), never to the store. */
export interface PaymentCard {
  number: string;
  expiry: string;
  cvc: string;
  holder?: string;
}

type Field = 'number' | 'expiry' | 'cvc' | 'holder';

const inputs: Record<Field, InputHTMLAttributes<HTMLInputElement>> = {
  number: { inputMode: 'numeric', autoComplete: 'cc-number', required: true, pattern: '[0-9 \\-]{12,23}' },
  expiry: { autoComplete: 'cc-exp', placeholder: '12/30', required: true, pattern: '(0[1-9]|1[0-2])/[0-9]{2}' },
  cvc: { inputMode: 'numeric', autoComplete: 'cc-csc', required: true, pattern: '[0-9]{3,4}' },
  holder: { autoComplete: 'cc-name', maxLength: 60 },
};

/**
 * The card form of every card payment (coin packs, the cart, subscriptions). Uncontrolled by
 * default (read it with `cardFromForm` on submit); pass `card` and `onChange` to hold it in state.
 */
export function PaymentCardFields({
  card,
  onChange,
  disabled,
}: {
  card?: PaymentCard;
  onChange?: (card: PaymentCard) => void;
  disabled?: boolean;
}) {
  const field = (name: Field) => (
    <label>
      <span>{paymentCardCopy(name)}</span>
      <input
        name={name}
        disabled={disabled}
        {...inputs[name]}
        {...(card && onChange ? { value: card[name] ?? '', onChange: (e) => onChange({ ...card, [name]: e.target.value }) } : {})}
      />
    </label>
  );
  return (
    <fieldset className={styles.fields}>
      <legend>{paymentCardCopy('legend')}</legend>
      {field('number')}
      <div className={styles.row}>
        {field('expiry')}
        {field('cvc')}
      </div>
      {field('holder')}
    </fieldset>
  );
}

/** An empty card form held in state. */
export const emptyPaymentCard: PaymentCard = { number: '', expiry: '', cvc: '', holder: '' };

/** The card as the provider's endpoint takes it: trimmed, the holder only when given. */
function cardToSend(card: PaymentCard): PaymentCard {
  const holder = card.holder?.trim();
  return { number: card.number.trim(), expiry: card.expiry.trim(), cvc: card.cvc.trim(), ...(holder ? { holder } : {}) };
}

/** The card as an uncontrolled form holds it. */
export function cardFromForm(form: FormData): PaymentCard {
  const text = (name: Field) => String(form.get(name) ?? '');
  return cardToSend({ number: text('number'), expiry: text('expiry'), cvc: text('cvc'), holder: text('holder') });
}

/**
 * Hands the card to the payment provider's card endpoint (the sandbox's `POST /sandbox/cards`,
 * standing in for a provider's servers) and gets its id back: the store's API takes only that
 * `cardId`. A card the provider refuses (a wrong number, a brand not accepted) is an ApiError
 * with its §8 code, as a refused payment is.
 */
export const takeCard = (card: PaymentCard): Promise<CardToken> => providerPost<CardToken>('/sandbox/cards', cardToSend(card));

const testCards = [
  { number: SandboxTestCard.SUCCESS, label: paymentCardCopy('cards.success') },
  { number: SandboxTestCard.DECLINED, label: paymentCardCopy('cards.declined') },
  { number: SandboxTestCard.UNSUPPORTED, label: paymentCardCopy('cards.unsupported') },
  { number: SandboxTestCard.LIMIT_EXCEEDED, label: paymentCardCopy('cards.limit') },
];

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox provider's test cards (no real charge is made), shown after its card form's buttons. */
export function SandboxNote() {
  return (
    <aside className={styles.sandbox} aria-labelledby="sandbox-title">
      <p id="sandbox-title" className={styles.sandboxTitle}>
        {paymentCardCopy('sandboxTitle')}
      </p>
      <p>{paymentCardCopy('sandboxBody')}</p>
      <dl className={styles.sandboxCards}>
        {testCards.map((t) => (
          <div key={t.number}>
            <dt>
              <code>{grouped(t.number)}</code>
            </dt>
            <dd>{t.label}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
