/**
 * Request and response schemas of the console's missions editor (`/api/admin/missions`): a
 * mission's name, image and background colour, its period (the store's `sprint`), its tasks (§3
 * Mission: what counts and how many) and its bonus (§9 reward types: point 1, coin 10, lottery
 * ticket 100). Times are Asia/Tokyo `YYYY-MM-DDTHH:mm` strings as in `admin-api.ts`.
 */
import { z } from 'zod';
import { MissionRewardType, MissionTaskType } from '../campaigns/missions';
import { count, refId, text, token, tokyoTime, version } from './admin-fields';
import { patchShape } from './admin-edits';
import { checkMission } from './admin-missions';

export const MISSION_TASK_KINDS = Object.values(MissionTaskType) as [MissionTaskType, ...MissionTaskType[]];
export const MISSION_REWARD_TYPES = Object.values(MissionRewardType) as [MissionRewardType, ...MissionRewardType[]];

/** Which missions the list shows: running now, starting later, or ended. */
export const MISSION_STATES = ['running', 'scheduled', 'ended'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

const colour = (fallback: string) =>
  z
    .string({ message: 'must be a colour like #ffeecc' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffeecc')
    .default(fallback);

/** A site path (`/...`, not `//`) or an https address, or nothing (the card shows no image). */
const image = z
  .string({ message: 'must be an image address' })
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine(
    (v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v),
    'must be an image address (/path or https://...)',
  );

const task = z.object({
  /** A saved task's id (it keeps what members have done of it); absent for a new task. */
  id: refId.optional(),
  kind: z.enum(MISSION_TASK_KINDS, { message: `must be one of ${MISSION_TASK_KINDS.join(', ')}` }),
  /** How many times (books, purchases, episodes, days) complete the task. */
  target: count(1000).min(1, 'must be 1–1000'),
});
export type MissionTaskInput = z.infer<typeof task>;

const bonus = z.object({
  rewardType: z.literal(MISSION_REWARD_TYPES, { message: `must be one of ${MISSION_REWARD_TYPES.join(', ')}` }),
  /** Points, manga coins or lottery tickets given once every task is done. */
  amount: count(100_000).min(1, 'must be 1–100000'),
  /** Ticket bonuses: the lottery campaign the tickets are for (null: the one running when given). */
  lotteryCampaignId: refId.nullable().default(null),
});

const missionFields = {
  name: text(100).trim().min(1, 'is required'),
  imageUrl: image.default(''),
  backgroundColor: colour('#fff4d6'),
  start: tokyoTime,
  end: tokyoTime,
  /** The tasks as they will be: a saved task left out is removed (refused once members have progress on it). */
  tasks: z.array(task, { message: 'must be a list of tasks' }).min(1, 'must hold at least one task').max(5, 'must hold at most 5 tasks'),
  bonus,
};
export type MissionFields = z.infer<z.ZodObject<typeof missionFields>>;

export const CreateMissionBody = z.object({ token, ...missionFields }).superRefine(checkMission);
export type CreateMissionBody = z.infer<typeof CreateMissionBody>;
/** A mission's save: the fields sent are changed, the others kept; the rules are checked on the result (server). */
export const UpdateMissionBody = z.object({ token, version, ...patchShape(missionFields) });
export type UpdateMissionBody = z.infer<typeof UpdateMissionBody>;

export const MissionListQuery = z.object({
  state: z.enum(MISSION_STATES, { message: `must be ${MISSION_STATES.join(', ')}` }).optional(),
});

export const AdminMissionView = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  backgroundColor: z.string(),
  start: z.string(),
  end: z.string(),
  tasks: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(MISSION_TASK_KINDS),
      target: z.number(),
      /** The store's text of the task (`作品を3冊読み終える`). */
      label: z.string(),
      /** Members with progress on it: such a task keeps its kind and stays. */
      members: z.number(),
    }),
  ),
  bonus: z.object({
    rewardType: z.literal(MISSION_REWARD_TYPES),
    amount: z.number(),
    lotteryCampaignId: z.number().nullable(),
    label: z.string(),
  }),
  /** Members who completed it and were given the bonus. */
  rewarded: z.number(),
  state: z.enum(MISSION_STATES),
  version: z.number(),
});
export type AdminMissionView = z.infer<typeof AdminMissionView>;
export const MissionList = z.object({ missions: z.array(AdminMissionView) });
export type MissionList = z.infer<typeof MissionList>;
