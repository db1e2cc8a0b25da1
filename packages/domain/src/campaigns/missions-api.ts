/** Request schemas and response shapes of the §7 mission calls. */
import { z } from 'zod';
import type { MissionRewardType, MissionTaskType } from './missions';

const id = (message: string) => z.coerce.number({ message }).int().min(1, message).max(2_147_483_647, message);

/** POST /mission/read_end: a book read to the end, or a serial episode. */
export const MissionReadEndBody = z
  .object({
    book_id: id('must be a book id').optional(),
    serial_episode_id: id('must be an episode id').optional(),
  })
  .refine((b) => b.book_id !== undefined || b.serial_episode_id !== undefined, { message: 'book_id or serial_episode_id is required', path: ['book_id'] });

export const MissionNoticeBody = z.object({ mission_id: id('must be a mission id') });

export interface MissionTask {
  taskId: number;
  taskType: MissionTaskType;
  name: string;
  target: number;
  progress: number;
  done: boolean;
}

/** §3 Mission: id, name, imageUrl, backgroundColor, bonus, tasks, sprint. */
export interface Mission {
  id: number;
  name: string;
  imageUrl: string;
  backgroundColor: string;
  bonus: { rewardType: MissionRewardType; amount: number; name: string };
  tasks: MissionTask[];
  /** The mission's period: when it ends. */
  sprint: { startDatetime: number; endDatetime: number };
  completed: boolean;
  rewarded: boolean;
  /** The member has seen the reward notice (POST /mission/notice/v2). */
  noticed: boolean;
}

export interface MissionsResponse {
  status: { code: 0 };
  results: { missions: Mission[] };
}
