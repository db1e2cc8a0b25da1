import { cartPayCopy as p } from '../../../i18n/ja-cart-pay';
import { SandboxNote } from '../../wallet/components/sandbox-note';
import styles from './cart.module.css';

export interface CardState {
  number: string;
  expiry: string;
  cvc: string;
}
export const emptyCard: CardState = { number: '', expiry: '', cvc: '' };

/** The card form of a cart paid by card (sent once with the order, never kept by the store). */
export function CardFields({ card, disabled, onChange }: { card: CardState; disabled: boolean; onChange: (card: CardState) => void }) {
  const field = (name: keyof CardState, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className={styles.cardField}>
      <span>{p(`card.${name}`)}</span>
      <input name={name} value={card[name]} disabled={disabled} required onChange={(e) => onChange({ ...card, [name]: e.target.value })} {...props} />
    </label>
  );
  return (
    <fieldset className={styles.cardFields}>
      <legend>{p('card.legend')}</legend>
      {field('number', { inputMode: 'numeric', autoComplete: 'cc-number', pattern: '[0-9 \\-]{12,23}' })}
      <div className={styles.cardRow}>
        {field('expiry', { autoComplete: 'cc-exp', placeholder: '12/30', pattern: '(0[1-9]|1[0-2])/[0-9]{2}' })}
        {field('cvc', { inputMode: 'numeric', autoComplete: 'cc-csc', pattern: '[0-9]{3,4}' })}
      </div>
      <SandboxNote />
    </fieldset>
  );
}
