import { copyLookup } from './i18n';

/** Japanese copy of the staff's second factor: the enrolment, the check of each sign-in, and the check again before money actions. */
const jaAdminSecondFactor = {
  meta: { title: '2段階認証 | 管理コンソール' },
  enrol: {
    heading: '2段階認証の設定',
    lead: '管理コンソールを使う前に、スマートフォンの認証アプリ（Google Authenticator、Microsoft Authenticator など）かパスキーのどちらかを登録してください。',
    start: '登録を始める',
    starting: '準備中…',
    qrAlt: '認証アプリで読み取るQRコード',
    secretLabel: 'QRコードを読み取れない場合は、このキーを認証アプリに入力してください',
    once: 'このQRコードとキーはこの画面でだけ表示されます。',
    codeLabel: '認証アプリに表示された6桁のコード',
    confirm: '登録する',
    confirming: '確認中…',
  },
  recovery: {
    heading: 'リカバリーコード',
    lead: '認証アプリが使えないときは、コードの代わりにリカバリーコードを入力できます（1つにつき1回）。この画面を離れると二度と表示されません。印刷するなどして安全な場所に保管してください。',
    open: '管理コンソールを開く',
  },
  check: {
    heading: '2段階認証',
    lead: '認証アプリに表示された6桁のコード、またはリカバリーコードを入力してください。',
    leadPasskey: '登録したパスキーで確認するか、認証アプリの6桁のコードまたはリカバリーコードを入力してください。',
    leadPasskeyOnly: '登録したパスキーで確認してください。パスキーを使えないときは、リカバリーコードを入力してください。',
    codeLabel: '認証コードまたはリカバリーコード',
    submit: '確認する',
    submitting: '確認中…',
    recoveryLeft: 'リカバリーコードの残りは{{count}}個です。',
  },
  again: {
    heading: 'もう一度認証してください',
    lead: 'お金に関わる操作（付与・取り消し・価格の変更）の前に、2段階認証をもう一度確認します。前回の確認から10分以上たっています。',
    cancel: 'キャンセル',
    cancelled: '認証をキャンセルしたため、操作は行われませんでした。',
  },
  passkey: {
    enrolHeading: 'パスキー',
    enrolLead:
      'このスマートフォンやパソコンの指紋・顔認証・PIN、またはセキュリティキーをパスキーとして登録できます。認証アプリの代わりに使えます。',
    register: 'パスキーを登録する',
    registering: '登録中…',
    registered: 'パスキーを登録しました。',
    totpHeading: '認証アプリ',
    check: 'パスキーで確認する',
    checking: '確認中…',
    or: 'またはコードを入力',
    errors: {
      cancelled: 'パスキーの確認がキャンセルされたか、時間切れになりました。もう一度お試しください。',
      registered: 'この端末のパスキーはすでに登録されています。',
      refused: 'パスキーを確認できませんでした。もう一度お試しください。',
      unsupported: 'このブラウザではパスキーを使えません。認証アプリのコードを使ってください。',
    },
  },
  errors: {
    wrong: 'コードが正しくありません。もう一度入力してください。',
    replayed: 'このコードは使用済みです。認証アプリに次のコードが表示されてから入力してください。',
    tooMany: '試行回数が多すぎます。しばらくたってからもう一度お試しください。',
    enrolled: 'すでに認証アプリが登録されています。再読み込みしてください。',
    failed: '確認できませんでした（{{code}}）',
  },
} as const;

export const secondFactorCopy = copyLookup(jaAdminSecondFactor);
