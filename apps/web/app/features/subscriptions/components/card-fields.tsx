import { SandboxTestCard } from '@hondana/domain/wallet-payments';
import { subscriptionCopy as s } from '../../../i18n/ja-subscriptions';
import styles from './subscriptions.module.css';

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
const testCards = [
  { number: SandboxTestCard.SUCCESS, label: s('dialog.cardSuccess') },
  { number: SandboxTestCard.DECLINED, label: s('dialog.cardDeclined') },
];

/** The card of a subscription (sent once; the provider keeps it for the renewals) and the sandbox's test cards. */
export function CardFields() {
  return (
    <>
      <fieldset className={styles.cardFields}>
        <legend>{s('dialog.card')}</legend>
        <label>
          <span>{s('dialog.number')}</span>
          <input name="number" inputMode="numeric" autoComplete="cc-number" required pattern="[0-9 \-]{12,23}" />
        </label>
        <div className={styles.cardRow}>
          <label>
            <span>{s('dialog.expiry')}</span>
            <input name="expiry" autoComplete="cc-exp" placeholder="12/30" required pattern="(0[1-9]|1[0-2])/[0-9]{2}" />
          </label>
          <label>
            <span>{s('dialog.cvc')}</span>
            <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required pattern="[0-9]{3,4}" />
          </label>
        </div>
        <label>
          <span>{s('dialog.holder')}</span>
          <input name="holder" autoComplete="cc-name" maxLength={60} />
        </label>
      </fieldset>
      <aside className={styles.sandbox}>
        <strong>{s('dialog.sandboxTitle')}</strong>
        <p>{s('dialog.sandboxBody')}</p>
        <dl>
          {testCards.map((c) => (
            <div key={c.number}>
              <dt>
                <code>{grouped(c.number)}</code>
              </dt>
              <dd>{c.label}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </>
  );
}

/** The card as the form holds it. */
export function cardFrom(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const holder = text('holder');
  return { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), ...(holder ? { holder } : {}) };
}
