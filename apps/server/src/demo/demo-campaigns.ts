import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LotteryPrizeInput } from '@hondana/domain/admin/admin-lottery-api';
import type { CreateMissionBody } from '@hondana/domain/admin/admin-missions-api';
import { createLotteryCampaign } from '../modules/admin/lottery-campaigns.service';
import { createMission } from '../modules/admin/missions.service';
import { anyLotteryDraw, deleteLotteriesAndMissions, insertCoupon } from './demo-selling.repository';
import type { DemoPlan } from './demo-plan';

type Tx = Kysely<Database> | Transaction<Database>;
const DAY = 86_400_000;

export const DEMO_LOTTERY_NAME = '本棚 冬のくじ引きキャンペーン';
const PRIZE_COUPON_NAME = 'くじ当選 100円引きクーポン';

/**
 * The demo's selling layer: a lottery campaign running for two months around the
 * generation instant (buy a book, read a free book to the end, or share to get a ticket; 1等 500
 * manga coins, 2等 a priced volume, 3等 a 100 yen coupon, 4等 10 points), made through the console's
 * service (`createLotteryCampaign`), and three missions made the same way (`createMission`).
 */
export async function insertDemoCampaigns(db: Tx, plan: DemoPlan, now: number): Promise<void> {
  const titles = new Map(plan.titles.map((t) => [t.id, t]));
  const prizeBook = plan.books.find(
    (b) =>
      b.price > 0 &&
      b.free_flg !== 1 &&
      b.start_datetime <= now &&
      b.sales_status === 'ON_SALE' &&
      titles.get(b.title_id)?.erotic_type === EroticType.NORMAL &&
      b.vol === 1,
  );
  const couponId = await insertCoupon(db, {
    name: PRIZE_COUPON_NAME,
    coupon_type: 2,
    rate: 100,
    limit_count: null,
    min_cart_price: 300,
    expire_at: now + 90 * DAY,
  });
  // Through the console's own service, as an operator would make it (odds in per-mille of the box).
  const prizes: LotteryPrizeInput[] = [
    { rank: 1, name: '500マンガコイン', kind: 'MANGA_COIN', amount: 500, bookId: null, couponId: null, odds: 20, stock: 10 },
    ...(prizeBook
      ? [
          {
            rank: 2,
            name: `「${prizeBook.contents_name}」をプレゼント`,
            kind: 'BOOK' as const,
            amount: 0,
            bookId: prizeBook.id!,
            couponId: null,
            odds: 80,
            stock: 30,
          },
        ]
      : []),
    { rank: 3, name: '100円引きクーポン', kind: 'COUPON', amount: 0, bookId: null, couponId, odds: 200, stock: null },
    { rank: 4, name: '10ポイント', kind: 'POINT', amount: 10, bookId: null, couponId: null, odds: prizeBook ? 700 : 780, stock: null },
  ];
  const { body: lottery } = await createLotteryCampaign(
    db,
    {
      name: DEMO_LOTTERY_NAME,
      description: '期間中に作品を購入する、無料作品を最後まで読む、キャンペーンをシェアするとくじがもらえます。',
      colorCode: '#f5a623',
      start: now - DAY,
      end: now + 60 * DAY,
      ticketValidDays: 14,
      boxes: [{ name: 'ノーマルボックス', sortOrder: 0, prizes }],
      ticketRules: { perOrder: 1, readEndFree: 1, readEndPriced: 0, share: 1 },
    },
    now,
  );
  const campaignId = lottery.id;

  // The missions too, through the console's service (`createMission`), dated from this start as the lottery is.
  const missions: Omit<CreateMissionBody, 'token'>[] = [
    {
      name: 'はじめての本棚ミッション',
      bonus: { rewardType: 100, amount: 1, lotteryCampaignId: campaignId },
      backgroundColor: '#fff4d6',
      tasks: [
        { kind: 'READ_BOOKS', target: 1 },
        { kind: 'OPEN_DAYS', target: 2 },
      ],
    },
    {
      name: 'お買い物ミッション',
      bonus: { rewardType: 1, amount: 50, lotteryCampaignId: null },
      backgroundColor: '#e8f4ff',
      tasks: [{ kind: 'BUY_BOOK', target: 1 }],
    },
    {
      name: '連載ミッション',
      bonus: { rewardType: 10, amount: 30, lotteryCampaignId: null },
      backgroundColor: '#eafbea',
      tasks: [{ kind: 'READ_EPISODE', target: 3 }],
    },
  ].map((m) => ({ ...m, imageUrl: '', start: now - DAY, end: now + 60 * DAY }) as Omit<CreateMissionBody, 'token'>);
  for (const m of missions) await createMission(db, m, now);
}

/**
 * Before a catalog reset: the campaigns and missions go (prizes refer to books). Once a member
 * has drawn, the draws are member data: the reset fails as it does for orders.
 */
export async function deleteDemoCampaigns(db: Tx): Promise<void> {
  if (await anyLotteryDraw(db)) throw new Error('lottery draws refer to the demo campaign');
  await deleteLotteriesAndMissions(db, PRIZE_COUPON_NAME);
}
