/**
 * The accounts' writes of `users` and `sessions` that the console asks for (issue 43: accounts
 * owns both tables): a member suspended or restored, a staff member's sessions ended on a role or
 * factor change, an idle console session ended, the session its second factor checked moved to a
 * new id. Each takes the caller's transaction when `db` is one; the statements are
 * `accounts.repository.ts` and `sessions.repository.ts`.
 */
export { setMemberSuspended } from './accounts.repository';
export { deleteSessionByHash, deleteSessionsOf, rotateCheckedSession } from './sessions.repository';
