/**
 * The console's staff (issue 41): the operators and support members, their roles, and each staff
 * member's own passkeys. Only an operator (the top role) grants, changes or takes back a role;
 * the console always keeps one operator; a change needs the second factor given in the last ten
 * minutes and ends the member's sessions (the new role takes effect at their next sign-in).
 */
import { z } from 'zod';
import { STAFF_ROLES } from './admin-api';

const token = z.string({ message: 'is required' }).min(1, 'is required').max(200);

/** One staff member as the roles screen lists them. */
export const StaffMemberView = z.object({
  userId: z.number(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(STAFF_ROLES),
  /** When the role was given (or last changed), epoch ms. */
  grantedAt: z.number(),
  /** A second factor is enrolled (a confirmed TOTP authenticator or a passkey). */
  enrolled: z.boolean(),
});
export type StaffMemberView = z.infer<typeof StaffMemberView>;

export const StaffList = z.object({ staff: z.array(StaffMemberView) });
export type StaffList = z.infer<typeof StaffList>;

/** A role, or `none` to take the member's role back. */
export const StaffRoleChoice = z.enum([...STAFF_ROLES, 'none'], { message: `must be one of ${[...STAFF_ROLES, 'none'].join(', ')}` });
export type StaffRoleChoice = z.infer<typeof StaffRoleChoice>;

/** `PUT /admin/staff/:id/role`: a staff member's (or any member's) new role. */
export const StaffRoleBody = z.object({ token, role: StaffRoleChoice });
export type StaffRoleBody = z.infer<typeof StaffRoleBody>;

/** `POST /admin/staff`: a role for the member with this e-mail address. */
export const StaffGrantBody = z.object({
  token,
  email: z.string({ message: 'is required' }).trim().min(1, 'is required').max(254, 'is too long').email('must be an e-mail address'),
  role: z.enum(STAFF_ROLES, { message: `must be one of ${STAFF_ROLES.join(', ')}` }),
});
export type StaffGrantBody = z.infer<typeof StaffGrantBody>;

/** A role change's answer: the member's role now (null: none), and whether anything changed. */
export const StaffRoleChanged = z.object({ userId: z.number(), role: z.enum(STAFF_ROLES).nullable(), changed: z.boolean() });
export type StaffRoleChanged = z.infer<typeof StaffRoleChanged>;

/** One of the signed-in staff member's own passkeys. */
export const PasskeyView = z.object({
  id: z.number(),
  /** Their label for it; null for one registered without a name. */
  name: z.string().nullable(),
  createdAt: z.number(),
  /** The last check it passed, epoch ms (null: never used since its registration). */
  lastUsedAt: z.number().nullable(),
});
export type PasskeyView = z.infer<typeof PasskeyView>;

/** `GET /admin/second_factor/passkeys`: the member's passkeys, oldest first, and whether a TOTP authenticator is enrolled beside them. */
export const PasskeyList = z.object({ passkeys: z.array(PasskeyView), totp: z.boolean() });
export type PasskeyList = z.infer<typeof PasskeyList>;

/** `DELETE /admin/second_factor/passkeys/:id`. */
export const RemovePasskeyBody = z.object({ token });
export type RemovePasskeyBody = z.infer<typeof RemovePasskeyBody>;
