import type { StaffRole } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, unauthorized } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';
import { sessionSecret, sessionUser } from '../accounts/session-plugin';
import { digest } from '../tokens/secrets';
import { endSession, findRole, sessionActivity, touchSession } from './staff.repository';

/** A console session idle this long is ended: the operator logs in again. */
const CONSOLE_IDLE_MS = 12 * 60 * 60 * 1000;

export interface Staff {
  userId: number;
  role: StaffRole;
}

/** What each role may do: support reads members and their money, grants and cancels; operators do everything. */
export type Capability = 'members' | 'everything';

const allowed = (role: StaffRole, capability: Capability) => role === 'operator' || capability === 'members';

/**
 * The member of this request if their role allows `capability`: a guest gets 401, a member
 * without a role (or with too small a role) 403 and nothing else. The role is read on every
 * call, so a role taken back stops working at once, in sessions already open too.
 */
export async function requireStaff(request: FastifyRequest, capability: Capability): Promise<Staff> {
  const user = await sessionUser(request);
  const secret = sessionSecret(request);
  if (!user || !secret) throw unauthorized();
  const { db } = request.server.deps.database;
  const role = await findRole(db, user.userId);
  if (!role || !allowed(role, capability)) throw new AppError(403, ErrorCode.FORBIDDEN);
  const now = request.server.deps.clock().getTime();
  const hash = digest(secret);
  const activity = await sessionActivity(db, hash);
  if (!activity) throw unauthorized();
  const lastActive = Number(activity.last_active_at ?? activity.created_at);
  if (now - lastActive > CONSOLE_IDLE_MS) {
    await endSession(db, hash);
    throw unauthorized();
  }
  await touchSession(db, hash, now);
  return { userId: user.userId, role };
}
