import type { PushMessage } from '@hondana/domain/push/push-api';

/** The notices sent as Web Push, each with what it shows (the same events as the notice mails). */
interface PushPayloads {
  /** A new volume of a title on the wish list or followed with newly notices. */
  NEW_VOLUME: { titleName: string; vol: number; bookId: number; titleId: number; reason: 'WISH' | 'TITLE' | 'AUTHOR' };
  /** A new episode of a serial whose notification (更新通知) the member turned on. */
  NEW_EPISODE: { serialName: string; episodeTitle: string; serialId: number; episodeId: number };
}

type PushKind = keyof PushPayloads;

export type PushNotice = { [K in PushKind]: { kind: K; key: string; userId: number; data: PushPayloads[K] } }[PushKind];

const why: Record<PushPayloads['NEW_VOLUME']['reason'], string> = {
  WISH: 'ウィッシュリストの作品',
  TITLE: '新刊通知をオンにしている作品',
  AUTHOR: '新刊通知をオンにしている作家の作品',
};

const render: { [K in PushKind]: (data: PushPayloads[K], key: string) => PushMessage } = {
  NEW_VOLUME: (data, key) => ({
    title: `新刊が配信されました：${data.titleName} ${data.vol}巻`,
    body: `${why[data.reason]}の新刊です。タップして作品ページを開きます。`,
    url: `/series_list/series_id=${data.titleId}?book_id=${data.bookId}`,
    tag: key,
  }),
  NEW_EPISODE: (data, key) => ({
    title: `最新話が配信されました：${data.serialName} ${data.episodeTitle}`,
    body: '更新通知をオンにしている連載の最新話です。タップして連載ページを開きます。',
    url: `/serial/detail/${data.serialId}`,
    tag: key,
  }),
};

export const isPushKind = (kind: string): kind is PushKind => Object.hasOwn(render, kind);

/** The message the service worker shows (Japanese; the page it opens is a path of the store). */
export function renderPush(kind: PushKind, data: unknown, key: string): PushMessage {
  return (render[kind] as (data: unknown, key: string) => PushMessage)(data, key);
}
