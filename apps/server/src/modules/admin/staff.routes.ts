import { IdParams } from '@hondana/domain/admin/admin-api';
import {
  PasskeyList,
  RemovePasskeyBody,
  StaffGrantBody,
  StaffList,
  StaffRoleBody,
  StaffRoleChanged,
} from '@hondana/domain/admin/admin-staff-api';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { sendStaffChange } from './admin-mutation';
import { changeRole, listPasskeys, listStaff, memberByEmail, removePasskey } from './staff.service';

/** A role change and a passkey's removal need the second factor given in the last ten minutes, as money actions do. */
const fresh = { secondFactor: 'fresh' as const };

/**
 * The console's staff (issue 41): `GET /admin/staff` lists the operators and support members,
 * `PUT /admin/staff/:id/role` changes a member's role (`none` takes it back) and `POST /admin/staff`
 * gives one to the member with an e-mail address, operators only; each change ends the member's
 * sessions and writes the audit log. `GET /admin/second_factor/passkeys` and `DELETE
 * /admin/second_factor/passkeys/:id`: each staff member's own passkeys.
 */
export const adminStaffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/staff', { schema: { response: { 200: StaffList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { staff: await listStaff(db) };
  });

  app.put(
    '/admin/staff/:id/role',
    { config: fresh, schema: { params: IdParams, body: StaffRoleBody, response: { 200: StaffRoleChanged } } },
    async (request, reply) => {
      const { token, role } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, { capability: 'everything', token, request: { id, role } }, (trx, at, staff) =>
        changeRole(trx, staff, id, role === 'none' ? null : role, at),
      );
    },
  );

  app.post(
    '/admin/staff',
    { config: fresh, schema: { body: StaffGrantBody, response: { 200: StaffRoleChanged } } },
    async (request, reply) => {
      const { token, email, role } = request.body;
      const use = { capability: 'everything' as const, token, request: { email: email.toLowerCase(), role } };
      return sendStaffChange(request, reply, use, async (trx, at, staff) =>
        changeRole(trx, staff, await memberByEmail(trx, email), role, at),
      );
    },
  );

  app.get('/admin/second_factor/passkeys', { schema: { response: { 200: PasskeyList } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    return listPasskeys(db, staff.userId);
  });

  app.delete(
    '/admin/second_factor/passkeys/:id',
    { config: fresh, schema: { params: IdParams, body: RemovePasskeyBody, response: { 200: z.object({ removed: z.number() }) } } },
    async (request, reply) => {
      const id = request.params.id;
      return sendStaffChange(
        request,
        reply,
        { capability: 'members', token: request.body.token, request: { passkey: id } },
        (trx, _at, staff) => removePasskey(trx, staff.userId, id),
      );
    },
  );
};
