import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IdParams, ImportAnswer, ImportQuery } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import { importBook } from '../../import/import-book';
import { findOrAddPublisher } from './publishers';
import { ImportError } from '../../import/import-error';
import { tokenUseIn } from '../tokens/one-time-tokens';
import { requireStaff } from './admin-guard';
import { ADMIN_TOKEN_PURPOSE } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import { titleExists } from './admin-catalog.repository';
import { writeAudit } from './audit.repository';
import { catalogChanged } from './catalog-changed';

/** Largest file the console's import takes (a CBZ or EPUB volume). */
const IMPORT_LIMIT_BYTES = 512 * 1024 * 1024;

/** The token of an import was used before: its catalog write rolls back and the first answer is returned. */
class TokenAlreadyUsed extends Error {}

/**
 * `POST /admin/titles/:id/import`: the same import as `npm run import`, into a title; the new book
 * waits unlisted until published. The file is the body, the token and its name in the query; the
 * token is claimed, and the audit entry written, in the import's own transaction.
 */
export const adminImportRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  await registerStaffUpload(
    app,
    {
      url: '/admin/titles/:id/import',
      types: ['application/octet-stream'],
      limit: IMPORT_LIMIT_BYTES,
      schema: { params: IdParams, querystring: ImportQuery, response: { 200: ImportAnswer } },
      expected: 'the CBZ, ZIP or EPUB as application/octet-stream',
    },
    async (request, reply, { body }) => {
      const staff = await requireStaff(request, 'everything');
      const { token } = request.query;
      const name = path.basename(request.query.name).replace(/[^\p{L}\p{N}._ -]/gu, '_') || 'upload.cbz';
      const titleId = request.params.id;
      if (!(await titleExists(db, titleId))) throw new AppError(404, ErrorCode.NOT_FOUND, ['title']);
      const dir = await mkdtemp(path.join(tmpdir(), 'hondana-upload-'));
      try {
        const file = path.join(dir, name);
        await writeFile(file, body);
        const at = app.deps.clock().getTime();
        const recorded = { titleId, name, bytes: body.length };
        const tokenUse = tokenUseIn<ImportAnswer>({
          token,
          userId: staff.userId,
          purpose: ADMIN_TOKEN_PURPOSE,
          request: recorded,
          now: at,
        });
        const result = await importBook({ db, media: app.deps.media, findOrAddPublisher }, file, {
          titleId,
          newBooksStopped: true,
          now: at,
          inTransaction: async (tx, written) => {
            if (!(await tokenUse.claimIn(tx, { bookId: written.bookId, action: written.action }))) throw new TokenAlreadyUsed();
            const after = { titleId: written.titleId, file: name, bytes: body.length };
            await writeAudit(tx, staff, { action: `book.import.${written.action}`, subject: `book:${written.bookId}`, after }, at);
          },
        }).then(
          (imported) => ({
            body: { bookId: imported.bookId!, action: imported.action, totalPage: imported.totalPage, warnings: imported.warnings },
          }),
          async (error: unknown) => {
            if (error instanceof ImportError && error.cause instanceof TokenAlreadyUsed) return tokenUse.replayed(db);
            if (error instanceof ImportError) throw badRequest('file', error.message.replace(dir + path.sep, ''));
            throw error;
          },
        );
        await catalogChanged(app);
        return reply.send(result.body);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
};
