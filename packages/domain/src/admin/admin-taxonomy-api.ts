/**
 * Request and response schemas of the console's taxonomy editor (`/api/admin/genres`,
 * `/api/admin/publishers`, `/api/admin/magazines`): the names a title is filed under. Each is
 * listed (support reads too), created and renamed against the version read; a name is unique
 * within its kind (the database's unique index decides between two operators at once).
 */
import { z } from 'zod';
import { refId, text, token, version } from './admin-fields';
import { patchShape } from './admin-edits';

const name = text(100).trim().min(1, 'is required');
/** A reading in katakana (spaces and the long mark allowed); may be left empty. */
const kana = text(100)
  .trim()
  .regex(/^[\u30A0-\u30FF\u3000 ・ー]*$/, 'must be katakana');

export const AdminGenre = z.object({ id: z.number(), name: z.string(), titleCount: z.number(), version: z.number() });
export type AdminGenre = z.infer<typeof AdminGenre>;
export const AdminPublisher = z.object({ id: z.number(), name: z.string(), kana: z.string(), titleCount: z.number(), version: z.number() });
export type AdminPublisher = z.infer<typeof AdminPublisher>;
export const AdminMagazine = z.object({
  id: z.number(),
  name: z.string(),
  kana: z.string(),
  publisherId: z.number().nullable(),
  titleCount: z.number(),
  version: z.number(),
});
export type AdminMagazine = z.infer<typeof AdminMagazine>;

export const GenreTaxonomyList = z.object({ genres: z.array(AdminGenre) });
export type GenreTaxonomyList = z.infer<typeof GenreTaxonomyList>;
export const PublisherList = z.object({ publishers: z.array(AdminPublisher) });
export type PublisherList = z.infer<typeof PublisherList>;
export const MagazineList = z.object({ magazines: z.array(AdminMagazine) });
export type MagazineList = z.infer<typeof MagazineList>;

const genreFields = { name };
const publisherFields = { name, kana: kana.default('') };
const magazineFields = { name, kana: kana.default(''), publisherId: refId.nullable().default(null) };

export const CreateGenreBody = z.object({ token, ...genreFields });
export type CreateGenreBody = z.infer<typeof CreateGenreBody>;
/** A rename: the fields sent are changed, the others kept, against the version read. */
export const UpdateGenreBody = z.object({ token, version, ...patchShape(genreFields) });
export type UpdateGenreBody = z.infer<typeof UpdateGenreBody>;
export const CreatePublisherBody = z.object({ token, ...publisherFields });
export type CreatePublisherBody = z.infer<typeof CreatePublisherBody>;
export const UpdatePublisherBody = z.object({ token, version, ...patchShape(publisherFields) });
export type UpdatePublisherBody = z.infer<typeof UpdatePublisherBody>;
export const CreateMagazineBody = z.object({ token, ...magazineFields });
export type CreateMagazineBody = z.infer<typeof CreateMagazineBody>;
export const UpdateMagazineBody = z.object({ token, version, ...patchShape(magazineFields) });
export type UpdateMagazineBody = z.infer<typeof UpdateMagazineBody>;
