/** Japanese copy of the sandbox provider's confirmation page. */
export const sandboxCopy = {
  pageTitle: 'お支払いの確認（テスト環境）',
  notice: 'これはテスト用の決済画面です。実際の請求は発生しません。',
  method: 'お支払い方法',
  amount: 'お支払い金額',
  yen: (amount: string) => `${amount}円`,
  approve: '支払う',
  cancel: 'キャンセル',
  /** Test-only: the carrier approves, then its purchase result comes back failed. */
  resultError: '支払い後に決済結果エラーを返す（テスト）',
  alreadyDecided: 'このお支払いはすでに手続きが済んでいます。',
  backToStore: 'ストアに戻る',
  notFound: 'お支払い情報が見つかりません。',
} as const;
