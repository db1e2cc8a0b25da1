import { GRANT_MESSAGES } from '@hondana/domain/campaigns/lottery';
import { copyLookup } from './i18n';

/**
 * Japanese copy of the lottery page, the viewer's lottery grant snackbars (§8) and the missions
 * panel of my page. Read through `campaignCopy`, so it loads only with the code that shows it.
 */
const jaCampaigns = {
  lottery: {
    title: 'くじ引きキャンペーン',
    description: '作品を購入したり、無料作品を読んだりしてもらえるくじで、マンガコインやポイントが当たります。',
    loading: '読み込み中…',
    failed: 'キャンペーン情報を取得できませんでした',
    notFound: 'このキャンペーンは見つかりませんでした',
    period: '{{start}}〜{{end}}',
    howTo: 'くじのもらい方',
    eventTickets: '{{count}}枚',
    prizes: '賞品一覧',
    rank: '{{rank}}等',
    odds: '当選確率 {{percent}}%',
    left: '残り{{count}}本',
    soldOut: '終了',
    unlimited: '',
    myTickets: 'あなたのくじ',
    ticketsLeft: '使えるくじ {{count}}枚',
    noTickets: '使えるくじはありません',
    expires: '有効期限 {{date}}',
    used: '使用済み',
    draw: 'くじを引く（残り{{count}}枚）',
    drawing: '抽選中…',
    chooseBox: '引くボックスを選ぶ',
    boxLeft: '残り{{count}}本',
    won: '{{rank}}等「{{name}}」が当たりました！',
    wonNote: '賞品はすぐにお受け取り済みです。',
    toWallet: 'コイン明細を見る',
    share: '当選画像を開く',
    myPrizes: '当選した賞品',
    noPrizes: 'まだ当選した賞品はありません',
    login: 'ログインしてくじを引く',
    shareForTicket: 'LINEでシェアしてくじをもらう（1日1回）',
    sharedToday: '今日のシェアのくじは受け取り済みです',
    drawFailed: 'くじを引けませんでした',
    kinds: { MANGA_COIN: 'マンガコイン', POINT: 'ポイント', BOOK: '作品', COUPON: 'クーポン' },
    errors: {
      LOTTERY_TICKET_USED: 'このくじは使用済みです',
      LOTTERY_TICKET_EXPIRED: 'このくじは有効期限が切れています',
      LOTTERY_PRIZE_SOLD_OUT: '賞品がなくなりました',
      HUMAN_CHECK_FAILED: '確認できませんでした。もう一度お試しください',
    },
  },
  grant: {
    granted: GRANT_MESSAGES.granted,
    notTarget: GRANT_MESSAGES.notTarget,
    failed: GRANT_MESSAGES.failed,
    toDraw: 'くじを引く',
    earned: 'このお買い物でくじを{{count}}枚獲得しました',
  },
  index: {
    heading: '開催中のくじ引きキャンペーン',
    none: '開催中のくじ引きキャンペーンはありません',
    now: '開催中',
    toList: 'あなたのくじと有効期限',
    login: 'ログインすると、あなたのくじと有効期限が見られます',
    endedCampaign: '終了したキャンペーン',
  },
  missions: {
    heading: 'ミッション',
    reward: '達成報酬：{{reward}}',
    until: '{{date}}まで',
    progress: '{{progress}}/{{target}}',
    done: '達成',
    rewarded: '報酬を受け取りました',
    notice: 'ミッション達成！{{reward}}をプレゼントしました',
    empty: '開催中のミッションはありません',
    failed: 'ミッションを取得できませんでした',
  },
} as const;

export const campaignCopy = copyLookup(jaCampaigns);
