import { formatAmount } from '@hondana/domain/common/format';
import { formatTokyoDate, formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import { CONSUMPTION_TAX_PERCENT, includedConsumptionTax, paymentTypeLabel } from '@hondana/domain/orders/receipt';
import type { MailBook, MailPayloads } from '../mail-kinds';
import { type MailContext, type RenderedMail, compose } from './layout';

const yen = (amount: number) => `${formatAmount(amount)}円`;
const bookName = (book: MailBook) => `${book.titleName} ${book.vol}巻`;

/** 領収書: the order, its items, the amounts, how it was paid and the tax inside. */
export function purchaseReceipt(data: MailPayloads['PURCHASE_RECEIPT'], context: MailContext): RenderedMail {
  const amounts: (readonly [string, string])[] = [['小計', yen(data.totalPrice)]];
  if (data.discount > 0) amounts.push(['クーポン割引', `-${yen(data.discount)}`]);
  if (data.usePoint > 0) amounts.push(['ポイント利用', `-${formatAmount(data.usePoint)}pt`]);
  amounts.push(
    ['お支払い金額', yen(data.payPrice)],
    [`（内消費税${CONSUMPTION_TAX_PERCENT}%）`, yen(includedConsumptionTax(data.payPrice))],
    ['お支払い方法', paymentTypeLabel(data.paymentType)],
  );
  return compose(`ご購入ありがとうございます（注文番号 ${data.orderId}）`, context, [
    { text: '本棚をご利用いただきありがとうございます。以下の内容でご購入を承りました。このメールを領収書としてご利用いただけます。' },
    {
      rows: [
        ['注文番号', String(data.orderId)],
        ['ご購入日時', formatTokyoDateTime(data.at)],
      ],
    },
    { rows: data.items.map((item) => [bookName(item), yen(item.price)] as const) },
    { rows: amounts },
    { link: { label: '本棚で読む', url: `${context.publicUrl}/bookshelf` } },
    { note: '購入履歴はマイページの「購入履歴」でもご確認いただけます。' },
  ]);
}

export function preOrderDelivered(data: MailPayloads['PRE_ORDER_DELIVERED'], context: MailContext): RenderedMail {
  const first = data.books[0];
  return compose(`予約した作品が配信されました${first ? `：${bookName(first)}` : ''}`, context, [
    { text: `ご予約いただいた作品の配信が始まりました（注文番号 ${data.orderId}）。本棚からすぐにお読みいただけます。` },
    { rows: data.books.map((book) => ['配信開始', bookName(book)] as const) },
    ...(first ? [{ link: { label: '今すぐ読む', url: `${context.publicUrl}/viewer?cid=${first.bookId}` } }] : []),
  ]);
}

export function subscriptionRenewed(data: MailPayloads['SUBSCRIPTION_RENEWED'], context: MailContext): RenderedMail {
  const rows: (readonly [string, string])[] = [
    ['プラン', data.planName],
    ['お支払い金額', `${yen(data.amountYen)}（内消費税${CONSUMPTION_TAX_PERCENT}% ${yen(includedConsumptionTax(data.amountYen))}）`],
    ['付与マンガコイン', `${formatAmount(data.coins)}コイン`],
  ];
  if (data.nextRenewalAt !== null) rows.push(['次回更新日', formatTokyoDate(data.nextRenewalAt)]);
  return compose('月額プランが更新されました', context, [
    { text: `月額プランの${data.cycle}回目の更新が完了し、マンガコインを付与しました。` },
    { rows },
    { link: { label: 'マンガコインの残高を見る', url: `${context.publicUrl}/wallet/manga_coin` } },
  ]);
}

export function subscriptionRenewalFailed(data: MailPayloads['SUBSCRIPTION_RENEWAL_FAILED'], context: MailContext): RenderedMail {
  const next = data.cancelled
    ? 'お支払いが確認できなかったため、月額プランは解約されました。引き続きご利用の場合は、もう一度お申し込みください。'
    : `次回は${data.nextAttemptAt === null ? '後日' : formatTokyoDateTime(data.nextAttemptAt)}にもう一度お支払いを試みます。カードの有効期限やご利用限度額をご確認ください。`;
  return compose(data.cancelled ? '月額プランが解約されました' : '月額プランの更新ができませんでした', context, [
    { text: `月額プラン「${data.planName}」の更新のお支払いができませんでした。` },
    { text: next },
    { link: { label: '月額プランを確認する', url: `${context.publicUrl}/mangacoin/subscription` } },
  ]);
}
