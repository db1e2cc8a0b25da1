import { randomUUID } from 'node:crypto';
import { AdminMailList, AdminMailMessage, AdminMailPath, UnsubscribeQuery, UnsubscribeResponse } from '@hondana/domain/mail/mail-api';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireStaff } from '../admin/admin-guard';
import { listMails, readMailFile } from './admin-mail.service';
import { type MailRecipient, drainOutbox } from './drain.service';
import type { MailConfig } from './mail-config';
import type { Mailer } from './mailer';
import { readUnsubscribeToken } from './unsubscribe';

/** The notices' mail switch, passed in by `app.ts` (notices owns the settings). */
interface MailSwitch {
  isOn(db: Kysely<Database>, userId: number): Promise<boolean>;
  turnOff(db: Kysely<Database>, userId: number, now: number): Promise<void>;
}

interface MailRoutesOptions {
  mailer: Mailer;
  config: MailConfig;
  recipient: MailRecipient;
  mailSwitch: MailSwitch;
}

/** The store's address for links: PUBLIC_URL, else the address this process listens on. */
function publicUrlOf(app: FastifyInstance, config: MailConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? 'localhost'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}`;
  }
  return 'http://localhost:3000';
}

/**
 * The mail area: the outbox drained by the scheduler (`mail-outbox`, every MAIL_OUTBOX_INTERVAL_MS),
 * the notice mails' one-click unsubscribe (RFC 8058) and the console's outbox at /admin/mail.
 */
export const mailRoutes: FastifyPluginAsync<MailRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { mailer, config, mailSwitch } = options;
  const storeSecret = app.deps.config.secrets.mediaUrlKey;
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  app.addHook('onClose', async () => mailer.close());

  app.ops.scheduler.register({
    name: 'mail-outbox',
    everyMs: config.everyMs,
    // A process that dies mid-run lets another take the job (and its mails) after this long.
    leaseMs: config.leaseMs,
    run: ({ db: jobDb, now, signal }) =>
      drainOutbox(
        {
          mailer,
          config: { ...config, publicUrl: publicUrlOf(app, config) },
          recipient: options.recipient,
          storeSecret,
          owner,
          clock: () => app.deps.clock().getTime(),
        },
        { db: jobDb, now, signal },
      ),
  });

  const target = (token: string) => {
    const found = readUnsubscribeToken(storeSecret, token);
    if (!found) throw new AppError(400, ErrorCode.INVALID_TOKEN, ['token: not an unsubscribe link of this store']);
    return found;
  };
  app.get('/mail/unsubscribe', { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeResponse } } }, async (request) => {
    const { userId, kind } = target(request.query.token);
    return { result: 'OK' as const, kind, enabled: await mailSwitch.isOn(db, userId) };
  });
  app.post('/mail/unsubscribe', { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeResponse } } }, async (request) => {
    const { userId, kind } = target(request.query.token);
    await mailSwitch.turnOff(db, userId, app.deps.clock().getTime());
    return { result: 'OK' as const, kind, enabled: false };
  });

  app.get('/admin/mail', { schema: { response: { 200: AdminMailList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return listMails(db, mailer);
  });
  app.get('/admin/mail/:id', { schema: { params: AdminMailPath, response: { 200: AdminMailMessage } } }, async (request) => {
    await requireStaff(request, 'everything');
    return readMailFile(db, app.deps.config.dataDir, request.params.id);
  });
};
