import { copyLookup } from './i18n';

/** Japanese copy of the console's mail page (`/admin/mail`): the outbox and each sent file. */
export const jaAdminMail = {
  heading: 'メール',
  leadFiles:
    'SMTPサーバーが設定されていないため、メールは DATA_DIR/mail/ に .eml ファイルとして保存されています。送信済みのメールを開くと本文を確認できます。',
  leadSmtp: 'メールは SMTP サーバー経由で送信されています。送信待ち・失敗の状況を確認できます。',
  columns: { id: 'No.', created: '作成', kind: '種類', to: '宛先', status: '状態', attempts: '試行', open: '本文' },
  kinds: {
    EMAIL_CONFIRM: 'メールアドレスの確認',
    EMAIL_CHANGE_CONFIRM: 'メールアドレス変更の確認',
    EMAIL_CHANGED: 'メールアドレス変更のお知らせ',
    PASSWORD_RESET: 'パスワードの再設定',
    PASSWORD_CHANGED: 'パスワード変更のお知らせ',
    PURCHASE_RECEIPT: '領収書',
    PRE_ORDER_DELIVERED: '予約作品の配信',
    SUBSCRIPTION_RENEWED: '月額プランの更新',
    SUBSCRIPTION_RENEWAL_FAILED: '月額プランの更新失敗',
    NEW_VOLUME: '新刊のお知らせ',
    WITHDRAWAL_DONE: '退会完了',
  },
  statuses: { PENDING: '送信待ち', SENT: '送信済み', FAILED: '失敗', SKIPPED: '送信せず' },
  open: '開く',
  member: '会員 #{{id}}',
  message: { subject: '件名', from: '差出人', to: '宛先', date: '日時', unsubscribe: '配信停止', close: '閉じる' },
  empty: 'メールはまだありません。',
} as const;

export const mailCopy = copyLookup(jaAdminMail);
