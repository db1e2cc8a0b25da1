import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LotteryPrizeInput } from '@hondana/domain/admin/admin-lottery-api';
import { createLotteryCampaign } from '../modules/admin/lottery-campaigns.service';
import { anyLotteryDraw, deleteLotteriesAndMissions, insertCoupon, insertMission } from './demo-selling.repository';
import type { DemoPlan } from './demo-plan';

type Tx = Kysely<Database> | Transaction<Database>;
const DAY = 86_400_000;

export const DEMO_LOTTERY_NAME = '本棚 冬のくじ引きキャンペーン';
const PRIZE_COUPON_NAME = 'くじ当選 100円引きクーポン';

/**
 * The demo's selling layer: a lottery campaign running for two months around the
 * generation instant (buy a book, read a free book to the end, or share to get a ticket; 1等 500
 * manga coins, 2等 a priced volume, 3等 a 100 yen coupon, 4等 10 points), made through the console's
 * service (`createLotteryCampaign`), and three missions.
 */
export async function insertDemoCampaigns(db: Tx, plan: DemoPlan, now: number): Promise<void> {
  const titles = new Map(plan.titles.map((t) => [t.id, t]));
  const prizeBook = plan.books.find(
    (b) => b.price > 0 && b.free_flg !== 1 && b.start_datetime <= now && b.sales_status === 'ON_SALE' && titles.get(b.title_id)?.erotic_type === EroticType.NORMAL && b.vol === 1,
  );
  const couponId = await insertCoupon(db, { name: PRIZE_COUPON_NAME, coupon_type: 2, rate: 100, limit_count: null, min_cart_price: 300, expire_at: now + 90 * DAY });
  // Through the console's own service, as an operator would make it (odds in per-mille of the box).
  const prizes: LotteryPrizeInput[] = [
    { rank: 1, name: '500マンガコイン', kind: 'MANGA_COIN', amount: 500, bookId: null, couponId: null, odds: 20, stock: 10 },
    ...(prizeBook ? [{ rank: 2, name: `「${prizeBook.contents_name}」をプレゼント`, kind: 'BOOK' as const, amount: 0, bookId: prizeBook.id!, couponId: null, odds: 80, stock: 30 }] : []),
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

  const missions = [
    { name: 'はじめての本棚ミッション', reward_type: 100, reward_amount: 1, color: '#fff4d6', tasks: [['READ_BOOKS', 1], ['OPEN_DAYS', 2]] },
    { name: 'お買い物ミッション', reward_type: 1, reward_amount: 50, color: '#e8f4ff', tasks: [['BUY_BOOK', 1]] },
    { name: '連載ミッション', reward_type: 10, reward_amount: 30, color: '#eafbea', tasks: [['READ_EPISODE', 3]] },
  ] as const;
  for (const m of missions) {
    await insertMission(
      db,
      { name: m.name, background_color: m.color, reward_type: m.reward_type, reward_amount: m.reward_amount, lottery_campaign_id: campaignId, start_at: now - DAY, end_at: now + 60 * DAY },
      m.tasks.map(([task_type, target]) => ({ task_type, target })),
    );
  }
}

/**
 * Before a catalog reset: the campaigns and missions go (prizes refer to books). Once a member
 * has drawn, the draws are member data: the reset fails as it does for orders.
 */
export async function deleteDemoCampaigns(db: Tx): Promise<void> {
  if (await anyLotteryDraw(db)) throw new Error('lottery draws refer to the demo campaign');
  await deleteLotteriesAndMissions(db, PRIZE_COUPON_NAME);
}
