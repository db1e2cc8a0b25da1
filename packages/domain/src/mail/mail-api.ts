/**
 * Schemas of the mail area's calls: a notice mail's unsubscribe link (RFC 8058 one-click) and the
 * console's list of the outbox at /admin/mail with each sent file's text.
 */
import { z } from 'zod';

/** `GET` (what the link turns off) and `POST` (turn it off) `/mail/unsubscribe?token=`. */
export const UnsubscribeQuery = z.object({ token: z.string({ message: 'is required' }).min(1, 'is required').max(300) });
export const UnsubscribeResponse = z.object({
  result: z.literal('OK'),
  /** The notice kind the link stops (NEW_VOLUME). */
  kind: z.string(),
  /** Whether those mails are still sent (false once unsubscribed). */
  enabled: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

export const OutboxStatus = z.enum(['PENDING', 'SENT', 'FAILED', 'SKIPPED']);

/** One mail of the outbox as the console lists it. */
const AdminMail = z.object({
  id: z.number(),
  kind: z.string(),
  userId: z.number().nullable(),
  /** The address it was sent to (known once sent, or when the event named it). */
  to: z.string().nullable(),
  status: OutboxStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Its `.eml` file in DATA_DIR/mail can be opened (the file mailer, no SMTP). */
  hasFile: z.boolean(),
});
type AdminMail = z.infer<typeof AdminMail>;

/** `GET /admin/mail`: the newest mails first, and where mail goes. */
export const AdminMailList = z.object({ transport: z.enum(['smtp', 'files']), mails: z.array(AdminMail) });
export type AdminMailList = z.infer<typeof AdminMailList>;

export const AdminMailPath = z.object({ id: z.coerce.number().int().positive() });

/** `GET /admin/mail/:id`: the sent file read back (headers and the plain-text part). */
export const AdminMailMessage = z.object({
  id: z.number(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  date: z.string().nullable(),
  messageId: z.string().nullable(),
  listUnsubscribe: z.string().nullable(),
  text: z.string(),
});
export type AdminMailMessage = z.infer<typeof AdminMailMessage>;
