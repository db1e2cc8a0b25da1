import { formatAmount } from '@hondana/domain/common/format';
import * as Dialog from '@radix-ui/react-dialog';
import { isUnlimitedRental, rentalEnd } from '@hondana/domain/serials/serials';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import styles from './serial-detail.module.css';
import '../../../i18n/ja-serials';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';

type DialogFrameProps = { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode };

/** A modal that traps focus and closes on Escape or the overlay (Radix Dialog). */
function DialogFrame({ open, onOpenChange, title, children }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type RentDialogProps = {
  episode: { title: string; price: number } | null;
  rentalMinutes: number;
  /** When the page's data was read: the rental period is shown from then. */
  now: number;
  balances: { coin: number; mangaCoin: number };
  error: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (paymentType: 0 | 2) => void;
};

/**
 * §4 payment confirm: the price, the rental period and the balance of the chosen currency; a
 * shortage shows '{type}が足りません。追加しますか？' and leads to the coin shop, else
 * レンタルする with the amount and currency.
 * The selector offers Ameba coin only when some is held (§4).
 */
export function RentDialog({ episode, rentalMinutes, now, balances, error, busy, onClose, onConfirm }: RentDialogProps) {
  const { t } = useTranslation();
  const [paymentType, setPaymentType] = useState<0 | 2>(balances.coin > 0 && balances.mangaCoin === 0 ? 0 : 2);
  if (!episode) return null;
  const currency = paymentType === 0 ? t('serials.confirm.coin') : t('serials.confirm.mangaCoin');
  const balance = paymentType === 0 ? balances.coin : balances.mangaCoin;
  const short = balance < episode.price;
  const period = isUnlimitedRental(rentalEnd(now, rentalMinutes), now)
    ? t('serials.confirm.periodUnlimited')
    : t('serials.confirm.periodMinutes', { hours: Math.round(rentalMinutes / 60) });
  return (
    <DialogFrame open onOpenChange={(open) => !open && onClose()} title={t('serials.confirm.title')}>
      <p>{t('serials.confirm.body', { title: episode.title, price: formatAmount(episode.price), currency })}</p>
      <p className={styles.dialogSub}>{t('serials.confirm.period', { period })}</p>
      {balances.coin > 0 && (
        <fieldset className={styles.payment}>
          <legend>{t('serials.confirm.paymentType')}</legend>
          {([2, 0] as const).map((type) => (
            <label key={type}>
              <input type="radio" name="payment" checked={paymentType === type} onChange={() => setPaymentType(type)} />
              {type === 0 ? t('serials.confirm.coin') : t('serials.confirm.mangaCoin')}
            </label>
          ))}
        </fieldset>
      )}
      <p className={styles.dialogSub} data-testid="rent-balance">
        {t('serials.confirm.balance', { currency, balance: formatAmount(balance) })}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('serials.confirm.cancel')}
        </button>
        {short ? (
          <CoinShopLink className={styles.primary}>{t('serials.confirm.addCoin', { currency })}</CoinShopLink>
        ) : (
          <button type="button" className={styles.primary} disabled={busy} onClick={() => onConfirm(paymentType)}>
            {t('serials.confirm.rent', { price: formatAmount(episode.price), currency })}
          </button>
        )}
      </div>
      {short && <p className={styles.error}>{t('serials.confirm.shortageDialog', { currency })}</p>}
    </DialogFrame>
  );
}

export type TicketSpend = { title: string; kind: 'charge' | 'special'; /** Special tickets held now. */ left: number; period: string };

/**
 * What a ticket read spends, asked before spending it (issue 34 item 16): the 待てば無料 ticket
 * or one special ticket (with how many are held), and the rental period it buys.
 */
export function TicketDialog({
  spend,
  error,
  busy,
  onClose,
  onConfirm,
}: {
  spend: TicketSpend | null;
  error: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  if (!spend) return null;
  return (
    <DialogFrame open onOpenChange={(open) => !open && onClose()} title={t('serials.ticketConfirm.title')}>
      <p>
        {spend.kind === 'charge'
          ? t('serials.ticketConfirm.charge', { title: spend.title })
          : t('serials.ticketConfirm.special', { title: spend.title, amount: spend.left })}
      </p>
      <p className={styles.dialogSub}>{t('serials.confirm.period', { period: spend.period })}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('serials.confirm.cancel')}
        </button>
        <button type="button" className={styles.primary} disabled={busy} onClick={onConfirm}>
          {t('serials.ticketConfirm.use')}
        </button>
      </div>
    </DialogFrame>
  );
}

/** The rental period a rental of `rentalMinutes` buys, as the dialogs say it. */
export function rentalPeriodLabel(t: ReturnType<typeof useTranslation>['t'], rentalMinutes: number, now: number): string {
  return isUnlimitedRental(rentalEnd(now, rentalMinutes), now)
    ? t('serials.confirm.periodUnlimited')
    : t('serials.confirm.periodMinutes', { hours: Math.round(rentalMinutes / 60) });
}

/** The ad reward's simulated ad: confirming stands for having watched it. */
export function AdDialog({
  open,
  left,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  left: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame open={open} onOpenChange={(o) => !o && onClose()} title={t('serials.ad.title')}>
      <p>{t('serials.ad.body')}</p>
      <p className={styles.dialogSub}>{t('serials.ad.left', { amount: left })}</p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('serials.confirm.cancel')}
        </button>
        <button type="button" className={styles.primary} disabled={busy} onClick={onConfirm}>
          {t('serials.ad.confirm')}
        </button>
      </div>
    </DialogFrame>
  );
}
