import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/schema';
import { insertTitle } from './catalog-factories';

const DAY = 86_400_000;

export interface SerialInput {
  episodes: number;
  /** The first `free` episodes are free. */
  free: number;
  price: number;
  chargeMinutes: number;
  rentalMinutes: number;
  orderOnly: boolean;
  ticketUsable: boolean;
  rewardUsable: boolean;
  /** Episode n is released at releasedAt + (n - 1) days; the last `unreleased` episodes only after `now`. */
  releasedAt: number;
  unreleased: number;
  now: number;
  endDatetime: number | null;
  category: string;
}

/** A serial with `episodes` episodes of 2 pages each; returns its id and its episode ids in order. */
export async function insertSerial(db: Db, overrides: Partial<SerialInput> = {}): Promise<{ serialId: number; episodeIds: number[] }> {
  const o: SerialInput = {
    episodes: 6,
    free: 1,
    price: 40,
    chargeMinutes: 1380,
    rentalMinutes: 180,
    orderOnly: false,
    ticketUsable: true,
    rewardUsable: true,
    releasedAt: 0,
    unreleased: 0,
    now: Date.now(),
    endDatetime: null,
    category: 'male',
    ...overrides,
  };
  const titleId = await insertTitle(db);
  const serial = await db
    .insertInto('serials')
    .values({
      title_id: titleId,
      name: `テスト連載${titleId}`,
      description: '説明',
      category: o.category,
      theme_color: '#333',
      sub_color: '#eee',
      ticket_usable: o.ticketUsable ? 1 : 0,
      reward_usable: o.rewardUsable ? 1 : 0,
      charge_minutes: o.chargeMinutes,
      rental_minutes: o.rentalMinutes,
      order_only: o.orderOnly ? 1 : 0,
      end_datetime: o.endDatetime,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const episodeIds: number[] = [];
  for (let n = 1; n <= o.episodes; n++) {
    const future = n > o.episodes - o.unreleased;
    const row = await db
      .insertInto('serial_episodes')
      .values({
        serial_id: serial.id,
        order_sequence: n,
        title: `第${n}話`,
        price: n <= o.free ? 0 : o.price,
        free_flg: n <= o.free ? 1 : 0,
        release_datetime: future ? o.now + n * DAY : o.releasedAt + (n - 1) * 60_000,
        end_datetime: null,
        layout_type: 0,
        page_count: 2,
        book_id: null,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const page of [0, 1]) {
      await db.insertInto('serial_episode_pages').values({ episode_id: row.id, page_no: page, width: 720, height: 1024 }).execute();
    }
    episodeIds.push(row.id);
  }
  return { serialId: serial.id, episodeIds };
}

/** POSTs `/user_serial_episodes/{id}/{action}` with a fresh token from its companion. */
export async function episodeAction(
  app: FastifyInstance,
  cookie: string,
  episodeId: number,
  action: 'start_reading' | 'end_reading' | 'rental',
  body?: Record<string, unknown>,
  token?: string,
) {
  const t = token ?? (await serialToken(app, cookie, `/api/user_serial_episodes/${episodeId}/${action}/token`));
  return app.inject({
    method: 'POST',
    url: `/api/user_serial_episodes/${episodeId}/${action}?token=${t}`,
    headers: { cookie },
    payload: body ?? {},
  });
}

export async function serialToken(app: FastifyInstance, cookie: string, url: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<{ status: { token: string } }>().status.token;
}
