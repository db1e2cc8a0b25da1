import type { AuditView } from '@hondana/domain/admin/admin-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Staff } from './admin-guard';

export interface AuditEntry {
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Writes one entry in the caller's transaction: the change and its record commit or roll back together. */
export async function writeAudit(trx: Transaction<Database>, staff: Staff, entry: AuditEntry, now: number): Promise<void> {
  await trx
    .insertInto('admin_audit_log')
    .values({
      actor_user_id: staff.userId,
      actor_role: staff.role,
      action: entry.action,
      subject: entry.subject,
      before_json: json(entry.before),
      after_json: json(entry.after),
      reason: entry.reason ?? null,
      created_at: now,
    })
    .execute();
}

/** The newest entries first; filtered by subject (`title:12`) when asked. */
export async function listAudit(db: Kysely<Database>, options: { subject?: string; offset: number; limit: number }): Promise<AuditView[]> {
  let query = db
    .selectFrom('admin_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.actor_user_id',
      'a.actor_role',
      'a.action',
      'a.subject',
      'a.before_json',
      'a.after_json',
      'a.reason',
      'a.created_at',
      'u.email',
    ])
    .orderBy('a.id', 'desc')
    .offset(options.offset)
    .limit(options.limit);
  if (options.subject) query = query.where('a.subject', '=', options.subject);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    actorUserId: r.actor_user_id,
    actorEmail: r.email,
    actorRole: r.actor_role,
    action: r.action,
    subject: r.subject,
    before: r.before_json === null ? null : JSON.parse(r.before_json),
    after: r.after_json === null ? null : JSON.parse(r.after_json),
    reason: r.reason,
    createdAt: Number(r.created_at),
  }));
}
