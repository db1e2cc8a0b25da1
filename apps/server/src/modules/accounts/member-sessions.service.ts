import { deviceLabel } from '@hondana/domain/accounts/account-settings';
import type { MemberSessions } from '@hondana/domain/accounts/account-settings-api';
import type { Db } from '../../db/schema';
import { deleteOtherSessions, deleteSessionOf, liveSessionsOf } from './sessions.repository';

const iso = (at: number) => new Date(Number(at)).toISOString();

/** `GET /user/sessions`: the member's signed-in devices, this one first, then the latest seen. */
export async function listSessions(db: Db, userId: number, currentHash: string, now: number): Promise<MemberSessions> {
  const rows = await liveSessionsOf(db, userId, now);
  const sessions = rows.map((row) => {
    const lastSeen = Number(row.last_seen_at ?? row.created_at);
    return {
      id: row.id_hash,
      current: row.id_hash === currentHash,
      device: deviceLabel(row.user_agent),
      place: row.ip_prefix,
      createdAt: iso(Number(row.created_at)),
      lastSeenAt: iso(lastSeen),
      lastSeen,
    };
  });
  sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen - a.lastSeen);
  return { sessions: sessions.map(({ lastSeen: _, ...session }) => session) };
}

/** `DELETE /user/sessions/:id`: that device is signed out at its next request (0 when it was not the member's). */
export const endSession = (db: Db, userId: number, id: string): Promise<number> => deleteSessionOf(db, userId, id);

/** `DELETE /user/sessions`: every device but this one is signed out. */
export const endOtherSessions = (db: Db, userId: number, currentHash: string): Promise<number> =>
  deleteOtherSessions(db, userId, currentHash);
