import type { Kysely } from 'kysely';

/**
 * A serial's key visual uploaded in the console (issue 37): `image_key` is the original in the
 * media store (null: the drawn one), `image_version` moves with each upload so the image's
 * addresses change and a browser never keeps the old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('serials').addColumn('image_key', 'text').execute();
  await db.schema
    .alterTable('serials')
    .addColumn('image_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('serials').dropColumn('image_version').execute();
  await db.schema.alterTable('serials').dropColumn('image_key').execute();
}
