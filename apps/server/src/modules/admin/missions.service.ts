import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkMission } from '@hondana/domain/admin/admin-missions';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminMissionView,
  type CreateMissionBody,
  type MissionFields,
  type MissionState,
  type MissionTaskInput,
  type UpdateMissionBody,
} from '@hondana/domain/admin/admin-missions-api';
import { MissionRewardType, type MissionTaskType, rewardLabel, taskLabel } from '@hondana/domain/campaigns/missions';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './missions.repository';

/**
 * The console's missions (§3 Mission): a mission's name, image, colour, period, tasks and bonus,
 * written into the tables the store's `/mission/v4` reads, so a change shows in the store at once.
 * A task members have progress on keeps its kind and stays (its count is theirs); its target may
 * change. Ending a mission ends it now: members keep the bonuses already given.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () => new AppError(409, ErrorCode.EDIT_CONFLICT, ['mission: changed by someone else since it was loaded; load it again']);

const stateAt = (m: { start_at: number; end_at: number }, now: number): MissionState =>
  Number(m.end_at) <= now ? 'ended' : Number(m.start_at) > now ? 'scheduled' : 'running';

/** Missions as the console shows them, with their tasks (and who has progress on each) and bonus. */
async function views(db: Db, rows: repo.MissionRow[], now: number): Promise<AdminMissionView[]> {
  const ids = rows.map((m) => m.id);
  const [tasks, rewarded] = await Promise.all([repo.tasksOf(db, ids), repo.rewardedCounts(db, ids)]);
  return rows.map((m) => {
    const rewardType = m.reward_type as MissionRewardType;
    return {
      id: m.id,
      name: m.name,
      imageUrl: m.image_url,
      backgroundColor: m.background_color,
      start: instantToTokyoMinute(Number(m.start_at)),
      end: instantToTokyoMinute(Number(m.end_at)),
      tasks: tasks
        .filter((t) => t.mission_id === m.id)
        .map((t) => ({
          id: t.id,
          kind: t.task_type as MissionTaskType,
          target: t.target,
          label: taskLabel(t.task_type as MissionTaskType, t.target),
          members: Number(t.members ?? 0),
        })),
      bonus: {
        rewardType,
        amount: m.reward_amount,
        lotteryCampaignId: m.lottery_campaign_id,
        label: rewardLabel(rewardType, m.reward_amount),
      },
      rewarded: rewarded.get(m.id) ?? 0,
      state: stateAt(m, now),
      version: m.version,
    };
  });
}

export async function listMissions(db: Db, state: MissionState | undefined, now: number): Promise<AdminMissionView[]> {
  return views(db, await repo.missionRows(db, state, now), now);
}

async function loadMission(db: Db, id: number) {
  const row = await repo.missionRow(db, id);
  if (!row) throw notFound('mission');
  return row;
}

const viewOf = async (db: Db, id: number, now: number) => (await views(db, [await loadMission(db, id)], now))[0]!;

/** A mission's own columns, each from its field (its tasks are rows of their own). */
const missionWriters: ColumnWriters<Omit<MissionFields, 'tasks'>, repo.MissionColumns> = {
  name: (v) => ({ name: v }),
  imageUrl: (v) => ({ image_url: v }),
  backgroundColor: (v) => ({ background_color: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
  bonus: (v) => ({
    reward_type: v.rewardType,
    reward_amount: v.amount,
    lottery_campaign_id: v.rewardType === MissionRewardType.TICKET ? v.lotteryCampaignId : null,
  }),
};

/** The mission's fields as it holds them, for the rules of a save that sends only some. */
function fieldsOf(view: AdminMissionView, row: repo.MissionRow): MissionFields {
  return {
    name: view.name,
    imageUrl: view.imageUrl,
    backgroundColor: view.backgroundColor,
    start: Number(row.start_at),
    end: Number(row.end_at),
    tasks: view.tasks.map((t) => ({ id: t.id, kind: t.kind, target: t.target })),
    bonus: { rewardType: view.bonus.rewardType, amount: view.bonus.amount, lotteryCampaignId: view.bonus.lotteryCampaignId },
  };
}

/** A ticket bonus's campaign must exist (400 naming the field). */
async function checkBonusRefs(db: Db, bonus: MissionFields['bonus']): Promise<void> {
  if (bonus.lotteryCampaignId !== null && !(await repo.lotteryCampaignExists(db, bonus.lotteryCampaignId)))
    throw badRequest('bonus.lotteryCampaignId', 'must be a lottery campaign');
}

/**
 * Writes the tasks as sent, in their order: a task with an id is changed (its kind only while no
 * member has progress on it), one without is added, a saved one left out is removed unless a member
 * has progress on it.
 */
async function writeTasks(trx: Db, missionId: number, tasks: readonly MissionTaskInput[], saved: AdminMissionView['tasks']): Promise<void> {
  const kept = new Set(tasks.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  for (const task of saved) {
    if (kept.has(task.id)) continue;
    if (task.members > 0 || !(await repo.deleteUntouchedTask(trx, task.id)))
      throw badRequest('tasks', `task ${task.id} (${task.label}) has progress of members and cannot be removed`);
  }
  for (const [i, task] of tasks.entries()) {
    if (task.id === undefined) {
      await repo.insertTask(trx, { mission_id: missionId, task_type: task.kind, target: task.target, sort_order: i });
      continue;
    }
    const before = saved.find((t) => t.id === task.id);
    if (!before) throw badRequest(`tasks.${i}.id`, 'must be a task of this mission');
    if (before.kind !== task.kind && before.members > 0)
      throw badRequest(`tasks.${i}.kind`, 'cannot change once members have progress on it');
    await repo.updateTask(trx, task.id, { task_type: task.kind, target: task.target, sort_order: i });
  }
}

/** A new mission with its tasks (the demo's seed calls this too, in its own transaction). */
export async function createMission(trx: Db, input: Omit<CreateMissionBody, 'token'>, now: number): Change<AdminMissionView> {
  const { tasks, name, imageUrl, backgroundColor, start, end, bonus } = input;
  const fields = { name, imageUrl, backgroundColor, start, end, bonus };
  // The request's schema checked these; a caller with no request (the demo) is checked the same.
  checkRule(checkMission, input);
  await checkBonusRefs(trx, bonus);
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertMission(trx, columnsOf(fields, missionWriters) as repo.MissionColumns);
  await writeTasks(trx, id, tasks, []);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'mission.create', subject: `mission:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; the rules are checked on the mission as the save leaves it. */
export async function updateMission(
  trx: Transaction<Database>,
  id: number,
  input: UpdateMissionBody,
  now: number,
): Change<AdminMissionView> {
  const { token: _token, version, tasks, ...fields } = input;
  const row = await loadMission(trx, id);
  const before = await viewOf(trx, id, now);
  const next = applyPatch(fieldsOf(before, row), { ...fields, ...(tasks !== undefined && { tasks }) });
  checkRule(checkMission, next);
  if (fields.bonus !== undefined) await checkBonusRefs(trx, fields.bonus);
  // The mission's own row first: a stale version writes nothing, and a second edit waits for this one.
  if (!(await repo.updateMissionAt(trx, id, version, columnsOf(fields, missionWriters)))) throw conflict();
  // Its tasks read again now that no other edit can come between (progress since then counts).
  if (tasks !== undefined) await writeTasks(trx, id, tasks, (await viewOf(trx, id, now)).tasks);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'mission.update', subject: `mission:${id}`, before, after }] };
}

/**
 * Ends a mission now: nothing counts towards it any more and the store no longer shows it; the
 * bonuses given stay. (One not started yet is given a start a moment before, so its period stays a period.)
 */
export async function endMission(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminMissionView> {
  const row = await loadMission(trx, id);
  // Another's change first (an end included): the operator sees the mission as it now is.
  if (row.version !== version) throw conflict();
  if (Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const before = await viewOf(trx, id, now);
  if (!(await repo.updateMissionAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now - 1), end_at: now }))) throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'mission.end', subject: `mission:${id}`, before, after }] };
}
