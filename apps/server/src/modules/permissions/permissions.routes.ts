import {
  employeePermissionsResponseSchema,
  permissionListResponseSchema,
  permissionsUpdatedMessage,
  updateEmployeePermissionsInputSchema,
  type PermissionsUpdatedPayload,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { followPermissions } from '../../plugins/realtime.ts';
import { actorOf } from '../users/account-actor.ts';
import { assertMayChangeAccount } from '../users/account-guard.ts';
import {
  employeeRoleOf,
  isEmployeeUser,
  listPermissionNames,
  listPermissions,
  setUserPermissions,
} from './permissions.service.ts';

// Any id that is not a positive 32-bit integer names no employee: a 404 like an unknown one.
const idParamsSchema = z.object({ id: z.string() });
function employeeIdFrom(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
  return id;
}

const manageEmployeePermissions = [requireEmployee(), requirePermission('manage employee permissions')];

/** Permission calls of spec 1 §3.6, §7.2 and §7.6. */
export async function permissionRoutes(app: AppInstance): Promise<void> {
  // The catalogue is staff-only: it feeds the employee Permissions screen.
  app.get(
    '/permissions',
    { onRequest: requireEmployee(), schema: { response: { 200: permissionListResponseSchema } } },
    async () => ({
      data: await listPermissions(app.db),
    }),
  );

  // Not in the spec: the Permissions screen needs the employee's current list to set its switches.
  app.get(
    '/users/employee/permissions/:id',
    {
      onRequest: manageEmployeePermissions,
      schema: { params: idParamsSchema, response: { 200: employeePermissionsResponseSchema } },
    },
    async (request) => {
      const id = employeeIdFrom(request.params.id);
      const role = await employeeRoleOf(app.db, id);
      if (role === null) throw notFound();
      return { data: { id, role, permissions: await listPermissionNames(app.db, id) } };
    },
  );

  app.put(
    '/users/employee/permissions/:id',
    {
      onRequest: manageEmployeePermissions,
      schema: {
        params: idParamsSchema,
        body: updateEmployeePermissionsInputSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const id = employeeIdFrom(request.params.id);
      if (request.body.id !== undefined && request.body.id !== id) {
        throw unprocessable({ id: ['The id must match the employee being updated.'] });
      }
      if (!(await isEmployeeUser(app.db, id))) throw notFound();
      await assertMayChangeAccount(app.db, request.auth, id, 'permissions');
      const permissions = await setUserPermissions(app.db, id, request.body.permissions, actorOf(request));
      // The guard re-reads permissions on every request, so the change is enforced at once; this updates the UI.
      followPermissions(app, id, permissions);
      app.realtime.emitToUser(id, 'PermissionsUpdated', { permissions } satisfies PermissionsUpdatedPayload);
      return { message: permissionsUpdatedMessage };
    },
  );
}
