/**
 * Japanese copy of the store pages (the spec's strings). Components read it through
 * `useTranslation` (./i18n), route meta and actions through `i18n.t`.
 */
export const ja = {
  site: {
    name: '本棚',
    tagline: 'マンガ・電子書籍ストア',
    description:
      '本棚はマンガと電子書籍のストアです。新刊や無料作品をブラウザですぐに読めます。',
  },
  header: {
    home: '本棚 トップへ',
    nav: 'メインメニュー',
    ranking: 'ランキング',
    free: '無料',
    mypage: 'マイページ',
    login: 'ログイン',
    logout: 'ログアウト',
  },
  footer: {
    nav: 'フッターメニュー',
    ranking: 'ランキング',
    free: '無料マンガ',
    serial: '連載',
    copyright: '© 本棚',
  },
  coin: { label: 'コイン' },
  bookTile: {
    alt: '{{title}} {{vol}}巻の表紙',
    vol: '{{vol}}巻',
    free: '無料',
    price: '価格',
    beforePrice: '変更前の価格',
    rating: '評価 {{score}}',
  },
  top: {
    title: '本棚 - マンガ・電子書籍ストア',
    newArrivals: '新着',
    empty: 'まだ作品がありません。',
  },
  login: {
    title: 'ログイン',
    heading: 'ログイン',
    description: '本棚にログインして、購入した作品やマイページを利用できます。',
    submit: 'ログインする',
    noAccount: 'アカウントをお持ちでない方',
    toSignup: '新規会員登録はこちら',
  },
  signup: {
    title: '新規会員登録',
    heading: '新規会員登録',
    description: '本棚の会員になると、作品の購入や無料作品の受け取りができます。',
    submit: '登録する',
    hasAccount: 'すでにアカウントをお持ちの方',
    toLogin: 'ログインはこちら',
    passwordHint: '{{min}}文字以上で入力してください',
    birthDateHint: '例: 2000-01-31',
  },
  mypage: {
    title: 'マイページ',
    heading: 'マイページ',
    description: '会員情報の確認ができます。',
    profile: '会員情報',
    adultState: '年齢確認',
    adult: '成人確認済み',
    notAdult: '未確認',
  },
  fields: {
    email: 'メールアドレス',
    password: 'パスワード',
    nickname: 'ニックネーム',
    birth_date: '生年月日',
  },
  errors: {
    INVALID_CREDENTIALS: 'メールアドレスまたはパスワードが正しくありません',
    TOO_MANY_REQUESTS: '試行回数が上限に達しました。しばらく時間をおいてから再度お試しください',
    EMAIL_ALREADY_REGISTERED: 'このメールアドレスは登録済みです',
    BAD_REQUEST: '{{field}}を正しく入力してください',
    BAD_REQUEST_GENERIC: '入力内容を確認してください',
    UNKNOWN: 'エラーが発生しました。時間をおいて再度お試しください',
    required: '{{field}}を入力してください',
    email: '正しいメールアドレスを入力してください',
    passwordTooShort: 'パスワードは{{min}}文字以上で入力してください',
    tooLong: '{{field}}は{{max}}文字以内で入力してください',
    birthDate: '生年月日はYYYY-MM-DDの形式で正しい日付を入力してください',
  },
  notFound: {
    title: 'ページが見つかりません',
    heading: 'お探しのページは見つかりませんでした',
    body: 'URLが間違っているか、ページが削除された可能性があります。',
    toTop: '本棚トップへ戻る',
  },
  error: {
    title: 'エラーが発生しました',
    heading: 'ページを表示できませんでした',
    body: '時間をおいて再度お試しください。',
    toTop: '本棚トップへ戻る',
  },
} as const;

export type JaCopy = typeof ja;
