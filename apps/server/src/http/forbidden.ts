import { AppError, ErrorCode } from '@hondana/domain/common/errors';

/**
 * 403 FORBIDDEN naming what may not be done (another member's review, comment or message). Kept
 * apart from the error handler: the services that throw it are also typed by the web app's
 * build (through the load context), which must not see the handler's Fastify declarations.
 */
export const forbidden = (what: string) => new AppError(403, ErrorCode.FORBIDDEN, [what]);
