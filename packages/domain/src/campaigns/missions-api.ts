/** Request and response schemas of the §7 mission calls. */
import { z } from 'zod';
import { acParam } from '../common/params';
import { OkStatus } from '../common/responses';
import { MissionRewardType, MissionTaskType } from './missions';

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);

/** POST /mission/read_end: a book read to the end, or a serial episode. */
export const MissionReadEndBody = z
  .object({
    book_id: id('must be a book id').optional(),
    serial_episode_id: id('must be an episode id').optional(),
  })
  .refine((b) => b.book_id !== undefined || b.serial_episode_id !== undefined, {
    message: 'book_id or serial_episode_id is required',
    path: ['book_id'],
  });

export const MissionNoticeBody = z.object({ mission_id: id('must be a mission id') });

const MissionTask = z.object({
  taskId: z.number(),
  taskType: z.enum(Object.values(MissionTaskType) as [MissionTaskType, ...MissionTaskType[]]),
  name: z.string(),
  target: z.number(),
  progress: z.number(),
  done: z.boolean(),
});
type MissionTask = z.infer<typeof MissionTask>;

/** §3 Mission: id, name, imageUrl, backgroundColor, bonus, tasks, sprint. */
export const Mission = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  backgroundColor: z.string(),
  bonus: z.object({
    rewardType: z.union([z.literal(MissionRewardType.POINT), z.literal(MissionRewardType.COIN), z.literal(MissionRewardType.TICKET)]),
    amount: z.number(),
    name: z.string(),
  }),
  tasks: z.array(MissionTask),
  /** The mission's period: when it ends. */
  sprint: z.object({ startDatetime: z.number(), endDatetime: z.number() }),
  completed: z.boolean(),
  rewarded: z.boolean(),
  /** The member has seen the reward notice (POST /mission/notice/v2). */
  noticed: z.boolean(),
});
export type Mission = z.infer<typeof Mission>;

/** `GET /mission/v4`: the running missions with the member's progress. */
/**
 * `GET /mission/v4` (§7 ac): the adult flag of §6, checked (0 or 1). A mission of this store names
 * no title or book (its tasks are counts: reads, purchases, app-open days), so there is no R18
 * content for it to hide and the list is the same either way.
 */
export const MissionsQuery = z.object({ ac: acParam });
export const MissionsResponse = z.object({ status: OkStatus, results: z.object({ missions: z.array(Mission) }) });
export type MissionsResponse = z.infer<typeof MissionsResponse>;

/** `POST /mission/read_end` and `/mission/view`: the missions the event completed. */
export const MissionProgressResponse = z.object({ status: OkStatus, results: z.object({ completedMissionIds: z.array(z.number()) }) });
export type MissionProgressResponse = z.infer<typeof MissionProgressResponse>;
