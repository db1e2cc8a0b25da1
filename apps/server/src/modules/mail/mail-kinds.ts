/**
 * The mails the store sends, each kind with what its template shows. An area that causes one
 * writes it to the outbox (`outbox.ts`) in the transaction of the event; the templates
 * (`templates/`) render it when it is sent.
 */

/** A volume as a mail names it. */
export interface MailBook {
  titleName: string;
  vol: number;
}

export interface MailPayloads {
  /** Signup: the link that confirms the address (and allows the first purchase). */
  EMAIL_CONFIRM: {
    nickname: string;
    /** The page and token (`/email/confirm?token=…`); the mail adds the store's address. */ link: string;
    expiresAt: number;
  };
  /** An address change: the link, sent to the new address. */
  EMAIL_CHANGE_CONFIRM: { nickname: string; link: string; expiresAt: number; newEmail: string };
  /** An address change done: told to the old address. */
  EMAIL_CHANGED: { nickname: string; newEmail: string; at: number };
  PASSWORD_RESET: { nickname: string; link: string; expiresAt: number };
  PASSWORD_CHANGED: { at: number; how: 'CHANGE' | 'RESET' };
  /** 領収書 of a paid order. */
  PURCHASE_RECEIPT: {
    orderId: number;
    at: number;
    items: (MailBook & { price: number })[];
    totalPrice: number;
    discount: number;
    usePoint: number;
    payPrice: number;
    paymentType: string;
  };
  PRE_ORDER_DELIVERED: { orderId: number; books: (MailBook & { bookId: number })[] };
  SUBSCRIPTION_RENEWED: { planName: string; cycle: number; amountYen: number; coins: number; nextRenewalAt: number | null };
  SUBSCRIPTION_RENEWAL_FAILED: { planName: string; cancelled: boolean; nextAttemptAt: number | null };
  /** A notice: a new volume of a title on the wish list or followed with newly notices. */
  NEW_VOLUME: MailBook & { bookId: number; titleId: number; reason: 'WISH' | 'TITLE' | 'AUTHOR'; releasedAt: number };
  WITHDRAWAL_DONE: { nickname: string; at: number };
}

export type MailKind = keyof MailPayloads;

/** Kinds a member may turn off (each such mail carries List-Unsubscribe); the others are about their own account or money. */
const NOTICE_KINDS: readonly MailKind[] = ['NEW_VOLUME'];

export const isNoticeKind = (kind: string): boolean => (NOTICE_KINDS as readonly string[]).includes(kind);

/** A mail to write to the outbox. */
export type OutboxMail = {
  [K in MailKind]: {
    kind: K;
    /** Unique per event: a second write of the same key is ignored (one event, one mail). */
    key: string;
    data: MailPayloads[K];
  } & ({ userId: number; to?: undefined } | { to: string; userId?: number });
}[MailKind];
