/**
 * Mission rules (§3 Mission, §9 reward types): a mission's tasks, how an event
 * advances them, and when its reward is due. Pure: the server and the web call these.
 */
import { tokyoDay } from '../common/time';

/** §9 mission reward types. */
export const MissionRewardType = { POINT: 1, COIN: 10, TICKET: 100 } as const;
export type MissionRewardType = (typeof MissionRewardType)[keyof typeof MissionRewardType];

export const MissionTaskType = {
  READ_BOOKS: 'READ_BOOKS',
  BUY_BOOK: 'BUY_BOOK',
  READ_EPISODE: 'READ_EPISODE',
  OPEN_DAYS: 'OPEN_DAYS',
} as const;
export type MissionTaskType = (typeof MissionTaskType)[keyof typeof MissionTaskType];

/** What happened, as the mission calls report it. */
export type MissionEvent =
  | { kind: 'read_end'; bookId: number }
  | { kind: 'read_episode'; episodeId: number }
  | { kind: 'purchase'; orderId: number }
  | { kind: 'view'; now: number };

/**
 * The task type an event advances and the key that makes it count once: a book read to the end
 * counts once per book, an episode once per episode, an order once, opening the app once per
 * Tokyo day.
 */
export function progressKey(event: MissionEvent): { taskType: MissionTaskType; key: string } {
  switch (event.kind) {
    case 'read_end':
      return { taskType: 'READ_BOOKS', key: `book:${event.bookId}` };
    case 'read_episode':
      return { taskType: 'READ_EPISODE', key: `episode:${event.episodeId}` };
    case 'purchase':
      return { taskType: 'BUY_BOOK', key: `order:${event.orderId}` };
    case 'view':
      return { taskType: 'OPEN_DAYS', key: `day:${tokyoDay(event.now)}` };
  }
}

interface TaskProgress {
  target: number;
  progress: number;
}

/** Progress shown is capped at the target. */
export const shownProgress = (t: TaskProgress): number => Math.min(t.progress, t.target);
export const isTaskDone = (t: TaskProgress): boolean => t.progress >= t.target;
/** A mission is complete when it has tasks and every one is done. */
export const isMissionComplete = (tasks: readonly TaskProgress[]): boolean => tasks.length > 0 && tasks.every(isTaskDone);

/** Japanese name of a reward (the page and ledger lines). */
export function rewardLabel(type: MissionRewardType, amount: number): string {
  if (type === MissionRewardType.POINT) return `${amount}ポイント`;
  if (type === MissionRewardType.COIN) return `${amount}マンガコイン`;
  return `くじ${amount}枚`;
}

/** Japanese text of a task. */
export function taskLabel(type: MissionTaskType, target: number): string {
  switch (type) {
    case 'READ_BOOKS':
      return `作品を${target}冊読み終える`;
    case 'BUY_BOOK':
      return target === 1 ? '作品を1冊購入する' : `作品を${target}回購入する`;
    case 'READ_EPISODE':
      return `連載を${target}話読む`;
    case 'OPEN_DAYS':
      return `${target}日アプリを開く`;
  }
}
