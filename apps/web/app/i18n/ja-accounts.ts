import { registerCopy } from './i18n';

/** Copy of the account pages (login, signup, my page) and their forms' errors (decision 008). */
const jaAccounts = {
  login: {
    title: 'ログイン',
    heading: 'ログイン',
    description: '本棚にログインして、購入した作品やマイページを利用できます。',
    submit: 'ログインする',
    noAccount: 'アカウントをお持ちでない方',
    toSignup: '新規会員登録はこちら',
    forgot: 'パスワードをお忘れの方',
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
    emailConfirmed: '確認済み',
    emailUnconfirmed: '未確認',
    emailConfirmNote: '確認メールのリンクを開くと作品を購入できます',
    staff: '運営スタッフ',
    staffConsole: '管理コンソール',
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
} as const;

declare module './i18n' {
  interface AreaCopy {
    login: (typeof jaAccounts)['login'];
    signup: (typeof jaAccounts)['signup'];
    mypage: (typeof jaAccounts)['mypage'];
    fields: (typeof jaAccounts)['fields'];
    errors: (typeof jaAccounts)['errors'];
  }
}

registerCopy('login', jaAccounts.login);
registerCopy('signup', jaAccounts.signup);
registerCopy('mypage', jaAccounts.mypage);
registerCopy('fields', jaAccounts.fields);
registerCopy('errors', jaAccounts.errors);
