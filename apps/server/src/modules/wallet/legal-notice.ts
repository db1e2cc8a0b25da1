import type { PaymentServicesActNotice } from '@hondana/domain/wallet/wallet-api';
import { BONUS_COIN_VALID_DAYS, PAID_COIN_VALID_DAYS } from '@hondana/domain/wallet/wallet-lots';

/**
 * 資金決済法に基づく表示: what the Payment Services Act requires a prepaid payment instrument's
 * issuer to state. Paid manga coins stay valid for a year, so the Act applies.
 */
export const paymentServicesActNotice: PaymentServicesActNotice = {
  title: '資金決済法に基づく表示',
  sections: [
    { heading: '前払式支払手段の名称', body: 'マンガコイン' },
    { heading: '発行者', body: '本棚 運営事務局（Hondana オープンソースプロジェクト）' },
    {
      heading: '支払可能金額等',
      body: 'マンガコインは1コイン＝1円相当として、本棚で販売する電子書籍の購入にご利用いただけます。保有できるマンガコインの上限は500,000コインです。',
    },
    {
      heading: '有効期間',
      body: `有償マンガコインはご購入日から${PAID_COIN_VALID_DAYS}日間、無償で付与されたボーナスコインは付与日から${BONUS_COIN_VALID_DAYS}日間有効です。有効期間を過ぎたマンガコインは失効します。`,
    },
    {
      heading: '残高の確認方法',
      body: 'ログイン後、マイページの「マンガコイン」（/wallet/manga_coin）で残高・有効期限・履歴をご確認いただけます。',
    },
    {
      heading: 'お問い合わせ先',
      body: '本棚 お問い合わせ窓口（ストア内「お問い合わせ」フォーム）。受付時間 平日10:00〜18:00',
    },
    {
      heading: '利用上の注意',
      body: 'マンガコインの払い戻しは、法令に定める場合を除き行いません。購入したマンガコインを他の会員に譲渡することはできません。',
    },
    { heading: '利用規約', body: 'マンガコインのご利用には本棚の利用規約が適用されます。' },
    {
      heading: '未使用残高の管理',
      body: '有償マンガコインの未使用残高は毎年3月31日および9月30日の基準日に集計し、法令に従い管理しています。',
    },
  ],
};
