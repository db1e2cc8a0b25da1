import { copyLookup } from './i18n';

/**
 * Japanese copy of friend invitations (the inviter page, the appeal page, the share modal, the
 * end-of-reading card) and of the members' banners on book pages. Read through
 * `invitationCopy`, so it loads only with the code that shows it.
 */
export const jaInvitations = {
  inviter: {
    title: '友達招待',
    description: '友達を招待すると、友達はチケット、あなたはマンガコインがもらえます。',
    heading: '友達を招待してマンガコインをもらおう',
    myCode: 'あなたの招待コード',
    achievedCount: '招待達成人数',
    achievedCountValue: '{{count}}人 / {{limit}}人',
    achievedCoin: '獲得マンガコイン',
    coinValue: '{{coin}}マンガコイン',
    maximum: '最大 {{n}}マンガコインGET！',
    howTo:
      '友達が招待リンクから会員登録し、はじめて作品を購入すると、あなたに{{coin}}マンガコイン、友達に{{amount}}円分のチケットをプレゼント。',
    period: 'キャンペーン期間 {{start}}〜{{end}}',
    share: '友達を招待する',
    loading: '読み込み中…',
    failed: '友達招待の情報を取得できませんでした',
    none: '開催中の友達招待キャンペーンはありません',
    limitReached:
      'すでに現在開催中のキャンペーンでの友達招待上限に達しています。招待すると友達に{{n}}円分のチケットは配布されますが、あなたにマンガコインは配布されません。',
  },
  appeal: {
    title: '友達招待特典',
    description: '招待リンクから会員登録すると、作品の購入に使えるチケットがもらえます。',
    heading: '{{amount}}円分のチケットをプレゼント',
    lead: '友達からの招待です。会員登録すると、カートで使える{{amount}}円分のチケットがもらえます。',
    terms: '{{min}}円以上のお買い物で使えます・受け取りから{{days}}日間有効',
    signup: '無料会員登録してチケットを受け取る',
    signupShort: '無料会員登録はこちら',
    login: 'ログインはこちら',
    receive: 'チケットを受け取る',
    receiving: '受け取り中…',
    received: '{{amount}}円分のチケットを受け取りました（{{date}}まで）',
    toCart: 'カートを見る',
    failed: '招待情報を取得できませんでした',
  },
  errors: {
    INVITATION_NOT_EXIST: 'この招待コードは見つかりませんでした',
    INVITATION_OUT_OF_TERM: '友達招待キャンペーンの期間外のため、特典を受け取れません',
    INVITATION_OWN_CODE: 'ご自身の招待コードは使えません',
    USER_HAS_PURCHASED_BOOK: 'すでに作品を購入されているため、招待特典の対象外です',
    USER_HAS_RECEIVED_TICKET: '招待特典のチケットはすでに受け取っています',
    other: '招待特典を受け取れませんでした',
  },
  share: {
    dialogTitle: '招待リンクをコピーする',
    sheetTitle: '友達を招待する',
    text: '{{amount}}円分のチケットがもらえる招待リンクを友達に送ろう。友達がはじめて作品を購入すると、あなたに{{coin}}マンガコインをプレゼント。',
    copy: 'コピーする',
    copyShort: 'コピー',
    line: 'LINE',
    twitter: 'X（Twitter）',
    other: 'その他',
    cancel: 'キャンセル',
    copied: 'クリップボードにコピーされました',
    copyFailed: 'コピーできませんでした',
    loading: 'リンクを作成中…',
    linkLabel: '招待リンク',
    message: '本棚で使える{{amount}}円分のチケットをプレゼント！このリンクから無料会員登録してね',
    messageShort: '{{amount}}円分のチケットをプレゼント！',
    withTitle: '「{{title}}」がおすすめ！',
    closing: '本棚でマンガを読もう',
    closingShort: '本棚で読もう',
  },
  endReading: {
    heading: 'この作品を友達におすすめして',
    maximum: '最大 {{n}}マンガコインGET！',
    recommend: 'おすすめする',
    details: '詳細を見る',
  },
  banner: {
    invitationHeading: '友達招待で最大{{n}}マンガコインGET！',
    invitationBody: '友達に{{amount}}円分のチケットをプレゼント',
    invitationLink: '詳しく見る',
    appHeading: '本棚アプリなら毎週金曜に10%OFFクーポン',
    appBody: 'アプリで通知を受け取って、お得に読もう',
    appLink: 'アプリについて',
    close: '閉じる',
    reachLabel: 'おすすめのキャンペーン',
    reachAlt: 'キャンペーンバナー',
  },
} as const;

export const invitationCopy = copyLookup(jaInvitations);
