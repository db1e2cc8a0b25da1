import type { MailKind, MailPayloads } from '../mail-kinds';
import { emailChangeConfirm, emailChanged, emailConfirm, passwordChanged, passwordReset, withdrawalDone } from './account-mails';
import { preOrderDelivered, purchaseReceipt, subscriptionRenewalFailed, subscriptionRenewed } from './commerce-mails';
import type { MailContext, RenderedMail } from './layout';
import { newVolume } from './notice-mails';

type Templates = { [K in MailKind]: (data: MailPayloads[K], context: MailContext) => RenderedMail };

/** Every kind's template: Japanese, with a plain-text part. */
const templates: Templates = {
  EMAIL_CONFIRM: emailConfirm,
  EMAIL_CHANGE_CONFIRM: emailChangeConfirm,
  EMAIL_CHANGED: emailChanged,
  PASSWORD_RESET: passwordReset,
  PASSWORD_CHANGED: passwordChanged,
  PURCHASE_RECEIPT: purchaseReceipt,
  PRE_ORDER_DELIVERED: preOrderDelivered,
  SUBSCRIPTION_RENEWED: subscriptionRenewed,
  SUBSCRIPTION_RENEWAL_FAILED: subscriptionRenewalFailed,
  NEW_VOLUME: newVolume,
  WITHDRAWAL_DONE: withdrawalDone,
};

export const isMailKind = (kind: string): kind is MailKind => kind in templates;

/** The mail of an outbox row's kind and data. */
export function renderMail(kind: MailKind, data: unknown, context: MailContext): RenderedMail {
  return (templates[kind] as (data: unknown, context: MailContext) => RenderedMail)(data, context);
}
