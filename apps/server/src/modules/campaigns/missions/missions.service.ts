import { priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import {
  type MissionEvent,
  MissionRewardType,
  type MissionTaskType,
  isMissionComplete,
  isTaskDone,
  progressKey,
  rewardLabel,
  shownProgress,
  taskLabel,
} from '@hondana/domain/campaigns/missions';
import type { Mission, MissionProgressResponse, MissionsResponse } from '@hondana/domain/campaigns/missions-api';
import type { OkResponse } from '@hondana/domain/common/responses';
import { BONUS_COIN_VALID_DAYS, DEFAULT_POINT_VALID_DAYS, expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { firstAfter, keptUntilChange } from '../../../ops/kept-until-change';
import { ownsBook } from '../../orders/entitlements';
import { toPricing } from '../../orders/purchase';
import { grant } from '../../ledger/ledger';
import { grantForEvent } from '../lottery/lottery-grants.service';
import {
  type MissionRow,
  bookPricing,
  claimReward,
  episodeReadToEnd,
  markNoticed,
  nextMissionStart,
  progressOf,
  recordTaskEvent,
  rewardsOf,
  runningMissions,
  tasksOf,
} from './missions.repository';

type Trx = Transaction<Database>;

/** The running missions and all their tasks. */
async function readRunning(db: Db, now: number) {
  const missions = await runningMissions(db, now);
  const tasks = await tasksOf(
    db,
    missions.map((m) => m.id),
  );
  return { missions, tasks };
}

/**
 * The running missions with their tasks, kept per process while the catalog change count a
 * purchase read is the one they were read at, until the next mission starts or a running one
 * ends (`ops/kept-until-change.ts`; the console's mission writes are catalog changes): a paid
 * purchase reads no mission row while nothing changes. Issue 36.
 */
const runningKept = keptUntilChange(readRunning, async (db, now, running) =>
  firstAfter(now, [await nextMissionStart(db, now), ...running.missions.map((m) => m.end_at)]),
);

/**
 * Missions: an event (a book read to the end, an episode, a purchase, opening the app)
 * counts once per key towards the matching tasks of running missions; the member's first
 * completion claims the reward (a primary key) and grants it in the same transaction.
 * `catalogVersion`: the store's catalog change count the caller read in this transaction (a
 * purchase, `keptUntilChange`); without it the missions are read afresh.
 */
export async function advanceMissions(
  trx: Trx,
  userId: number,
  event: MissionEvent,
  now: number,
  catalogVersion?: number,
): Promise<number[]> {
  const { taskType, key } = progressKey(event);
  const { missions, tasks } = await runningKept(trx, catalogVersion, now);
  const touched = new Set<number>();
  for (const task of tasks.filter((t) => t.task_type === taskType)) {
    if (await recordTaskEvent(trx, { userId, taskId: task.id, key, now })) touched.add(task.mission_id);
  }
  const completed: number[] = [];
  for (const mission of missions.filter((m) => touched.has(m.id))) {
    const own = tasks.filter((t) => t.mission_id === mission.id);
    const progress = await progressOf(
      trx,
      userId,
      own.map((t) => t.id),
    );
    if (!isMissionComplete(own.map((t) => ({ target: t.target, progress: progress.get(t.id) ?? 0 })))) continue;
    if (!(await claimReward(trx, userId, mission.id, now))) continue;
    await grantReward(trx, userId, mission, now);
    completed.push(mission.id);
  }
  return completed;
}

async function grantReward(trx: Trx, userId: number, mission: MissionRow, now: number): Promise<void> {
  const reason = `ミッション「${mission.name}」達成報酬`;
  if (mission.reward_type === MissionRewardType.POINT) {
    await grant(trx, {
      userId,
      currency: 'POINT',
      amount: mission.reward_amount,
      paid: false,
      expiresAt: expiryAfterDays(now, DEFAULT_POINT_VALID_DAYS),
      reason,
      now,
    });
  } else if (mission.reward_type === MissionRewardType.COIN) {
    await grant(trx, {
      userId,
      currency: 'MANGA_COIN',
      amount: mission.reward_amount,
      paid: false,
      expiresAt: expiryAfterDays(now, BONUS_COIN_VALID_DAYS),
      reason,
      now,
    });
  } else {
    await grantForEvent(trx, {
      userId,
      event: 'MISSION',
      missionId: mission.id,
      count: mission.reward_amount,
      ...(mission.lottery_campaign_id !== null && { campaignId: mission.lottery_campaign_id }),
      now,
    });
  }
}

/** `/mission/v4`: the running missions with the member's progress; 404 when none runs. */
export async function missionsV4(db: Kysely<Database>, userId: number, now: number): Promise<MissionsResponse> {
  const missions = await runningMissions(db, now);
  if (missions.length === 0) throw notFound('mission');
  const ids = missions.map((m) => m.id);
  const [tasks, rewards] = await Promise.all([tasksOf(db, ids), rewardsOf(db, userId, ids)]);
  const progress = await progressOf(
    db,
    userId,
    tasks.map((t) => t.id),
  );
  const rewarded = new Map(rewards.map((r) => [r.mission_id, r]));
  const views = missions.map((m): Mission => {
    const own = tasks
      .filter((t) => t.mission_id === m.id)
      .map((t) => {
        const p = { target: t.target, progress: progress.get(t.id) ?? 0 };
        const type = t.task_type as MissionTaskType;
        return {
          taskId: t.id,
          taskType: type,
          name: taskLabel(type, t.target),
          target: t.target,
          progress: shownProgress(p),
          done: isTaskDone(p),
        };
      });
    const reward = rewarded.get(m.id);
    const rewardType = m.reward_type as MissionRewardType;
    return {
      id: m.id,
      name: m.name,
      imageUrl: m.image_url,
      backgroundColor: m.background_color,
      bonus: { rewardType, amount: m.reward_amount, name: rewardLabel(rewardType, m.reward_amount) },
      tasks: own,
      sprint: { startDatetime: m.start_at, endDatetime: m.end_at },
      completed: isMissionComplete(own),
      rewarded: reward !== undefined,
      noticed: reward?.noticed_at != null,
    };
  });
  return { status: { code: 0 }, results: { missions: views } };
}

/** POST `/mission/read_end`: a book the member may read whole (owned or free now), or an episode read to its end. */
export async function missionReadEnd(
  db: Kysely<Database>,
  userId: number,
  input: { bookId?: number | undefined; episodeId?: number | undefined },
  now: number,
): Promise<MissionProgressResponse> {
  return db.transaction().execute(async (trx) => {
    const completed: number[] = [];
    if (input.bookId !== undefined) {
      const book = await bookPricing(trx, input.bookId);
      if (!book) throw notFound('book');
      if (!priceAt(toPricing(book), now).free && !(await ownsBook(trx, userId, input.bookId, now)))
        throw new AppError(403, ErrorCode.FORBIDDEN, ['book_id: not readable']);
      completed.push(...(await advanceMissions(trx, userId, { kind: 'read_end', bookId: input.bookId }, now)));
    }
    if (input.episodeId !== undefined) {
      // Only an episode the serial's end_reading registered (it checks the member may read it).
      if (!(await episodeReadToEnd(trx, userId, input.episodeId)))
        throw new AppError(403, ErrorCode.FORBIDDEN, ['serial_episode_id: not read']);
      completed.push(...(await advanceMissions(trx, userId, { kind: 'read_episode', episodeId: input.episodeId }, now)));
    }
    return { status: { code: 0 as const }, results: { completedMissionIds: completed } };
  });
}

/** POST `/mission/view`: the member opened the app (counts once per Tokyo day). */
export async function missionView(db: Kysely<Database>, userId: number, now: number): Promise<MissionProgressResponse> {
  const completed = await db.transaction().execute((trx) => advanceMissions(trx, userId, { kind: 'view', now }, now));
  return { status: { code: 0 as const }, results: { completedMissionIds: completed } };
}

/** POST `/mission/notice/v2`: the member saw the reward notice of a mission. */
export async function missionNotice(db: Kysely<Database>, userId: number, missionId: number, now: number): Promise<OkResponse> {
  const noticed = await markNoticed(db, userId, missionId, now);
  if (!noticed) {
    const [reward] = await rewardsOf(db, userId, [missionId]);
    if (!reward) throw notFound('mission reward');
  }
  return { status: { code: 0 as const } };
}
