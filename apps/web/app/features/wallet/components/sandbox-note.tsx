import { SandboxTestCard } from '@hondana/domain/wallet-payments';
import { walletCopy as w } from '../../../i18n/ja-wallet';
import styles from './wallet.module.css';

const cards = [
  { number: SandboxTestCard.SUCCESS, label: w('checkout.cardSuccess') },
  { number: SandboxTestCard.DECLINED, label: w('checkout.cardDeclined') },
  { number: SandboxTestCard.UNSUPPORTED, label: w('checkout.cardUnsupported') },
  { number: SandboxTestCard.LIMIT_EXCEEDED, label: w('checkout.cardLimit') },
];

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox provider's test cards, shown on the card form (no real charge is made). */
export function SandboxNote() {
  return (
    <aside className={styles.sandbox} aria-labelledby="sandbox-title">
      <p id="sandbox-title" className={styles.sandboxTitle}>
        {w('checkout.sandboxTitle')}
      </p>
      <p>{w('checkout.sandboxBody')}</p>
      <dl className={styles.sandboxCards}>
        {cards.map((c) => (
          <div key={c.number}>
            <dt>
              <code>{grouped(c.number)}</code>
            </dt>
            <dd>{c.label}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
