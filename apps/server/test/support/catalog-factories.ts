import type { Insertable } from 'kysely';
import type { Database, Db } from '../../src/db/schema';
import { type MemberInput, createMember, signUp } from './members';
import type { FastifyInstance } from 'fastify';

let sequence = 0;

/** A title to insert, unique per call; override any column (`createTitle({ erotic_type: 4 })`). */
export async function insertTitle(db: Db, overrides: Partial<Insertable<Database['titles']>> = {}): Promise<number> {
  sequence += 1;
  const row = await db
    .insertInto('titles')
    .values({
      name: `テスト作品${sequence}`,
      kana: `テストサクヒン${sequence}`,
      description: `説明${sequence}`,
      page_type: 'male',
      genre_id: null,
      erotic_type: 0,
      complete_flg: 0,
      magazine_id: null,
      publisher_id: null,
      created_at: 0,
      updated_at: 0,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A volume of `titleId` on sale since the epoch at 550 yen; override any column. */
export async function insertBook(
  db: Db,
  titleId: number,
  vol: number,
  overrides: Partial<Insertable<Database['books']>> = {},
): Promise<number> {
  const row = await db
    .insertInto('books')
    .values({
      title_id: titleId,
      vol,
      contents_name: `テスト ${vol}`,
      description: '',
      price: 550,
      tax_amount: 50,
      sale_price: null,
      sale_start_datetime: null,
      sale_end_datetime: null,
      free_flg: 0,
      free_start_datetime: null,
      free_end_datetime: null,
      start_datetime: 0,
      end_datetime: null,
      sales_status: 'ON_SALE',
      layout_type: 0,
      direction: 'rtl',
      writing_mode: null,
      page_count: 20,
      sample_page_total: 3,
      custom_sample_pages: null,
      imaged_reflow: 0,
      rental_minutes: null,
      created_at: 0,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Session cookies of the four viewers of the adult rule (§6). */
export async function adultViewers(app: FastifyInstance) {
  const member = (o: Partial<MemberInput>) => signUp(app, createMember(o));
  const adult = await member({ birth_date: '1990-04-01' });
  const confirm = await app.inject({ url: '/api/adult/check', headers: { cookie: adult } });
  if (confirm.statusCode !== 200) throw new Error(`adult check failed: ${confirm.body}`);
  return {
    adult,
    unconfirmed: await member({ birth_date: '1990-04-01' }),
    under18: await member({ birth_date: '2015-01-01' }),
  };
}
