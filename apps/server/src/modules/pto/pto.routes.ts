import {
  employeePtoSchema,
  ptoSettingDeletedMessage,
  ptoSettingInputSchema,
  ptoSettingSavedMessage,
  ptoSettingSchema,
  ptoUsedDeletedMessage,
  ptoUsedInputSchema,
  ptoUsedSavedMessage,
  ptoUsedSchema,
} from '@switchboard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { onDomainEvent } from '../../plugins/domain-events.ts';
import { forbidden, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { parsePathId } from '../../http/path-params.ts';
import { canReadEmployeePto, ptoManagePermission, publishPtoPeriods } from './pto-access.ts';
import { assertMayChangeAccount } from '../users/account-guard.ts';
import {
  createPtoSetting,
  deletePtoSetting,
  deletePtoUsed,
  getEmployeePto,
  ptoSettingOwner,
  ptoUsedOwner,
  recordPtoUsed,
  updatePtoSetting,
} from './pto.service.ts';

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw unprocessable(toFieldErrors(parsed.error.issues));
  return parsed.data;
}

const idParams = z.object({ id: z.string() });
const messageAnd = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** PTO calls of spec 1 §7.6 (POST/PUT/DELETE /api/users/employee/pto) and the PTO view's reads and time off taken. */
export async function ptoRoutes(app: AppInstance): Promise<void> {
  const manage = [requireEmployee(), requirePermission(ptoManagePermission)];
  // Checked-in time is PTO payroll time: an open PTO view follows a timeclock change.
  onDomainEvent(app.db, 'timeclockChanged', ({ userId }) => publishPtoPeriods(app, userId));
  // Nobody but an administrator changes an administrator's time off; unknown owners are the service's to answer.
  const assertMayChangeTimeOff = async (request: FastifyRequest, userId: number | null | undefined) => {
    if (userId !== null && userId !== undefined) await assertMayChangeAccount(app.db, request.auth, userId, 'time_off');
  };

  app.get(
    '/users/employee/pto/:employeeId',
    {
      onRequest: requireEmployee(),
      schema: {
        params: z.object({ employeeId: z.string() }),
        response: { 200: z.object({ data: employeePtoSchema }) },
      },
    },
    async (request) => {
      const employeeId = parsePathId(request.params.employeeId);
      if (!canReadEmployeePto(request.auth, employeeId)) throw forbidden();
      return { data: await getEmployeePto(app.db, employeeId) };
    },
  );

  app.post(
    '/users/employee/pto',
    { onRequest: manage, schema: { response: { 200: messageAnd(ptoSettingSchema) } } },
    async (request) => {
      const input = parseBody(ptoSettingInputSchema, request.body);
      await assertMayChangeTimeOff(request, input.user_id);
      const setting = await createPtoSetting(app.db, input, request.auth.user);
      await publishPtoPeriods(app, setting.user_id);
      return { message: ptoSettingSavedMessage, data: setting };
    },
  );

  putRoute(
    app,
    '/users/employee/pto/:id',
    { onRequest: manage, schema: { params: idParams, response: { 200: messageAnd(ptoSettingSchema) } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const input = parseBody(ptoSettingInputSchema, request.body);
      await assertMayChangeTimeOff(request, await ptoSettingOwner(app.db, id));
      const setting = await updatePtoSetting(app.db, id, input);
      await publishPtoPeriods(app, setting.user_id);
      return { message: ptoSettingSavedMessage, data: setting };
    },
  );

  app.delete('/users/employee/pto/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await assertMayChangeTimeOff(request, await ptoSettingOwner(app.db, id));
    const userId = await deletePtoSetting(app.db, id);
    await publishPtoPeriods(app, userId);
    return { message: ptoSettingDeletedMessage };
  });

  // Time off taken, recorded here until HR requests land (not in the spec; see the decision record).
  app.post(
    '/users/employee/pto/used',
    { onRequest: manage, schema: { response: { 200: messageAnd(ptoUsedSchema) } } },
    async (request) => {
      const input = parseBody(ptoUsedInputSchema, request.body);
      await assertMayChangeTimeOff(request, input.user_id);
      const used = await recordPtoUsed(app.db, input, request.auth.user);
      await publishPtoPeriods(app, used.user_id);
      return { message: ptoUsedSavedMessage, data: used };
    },
  );

  app.delete('/users/employee/pto/used/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await assertMayChangeTimeOff(request, await ptoUsedOwner(app.db, id));
    const userId = await deletePtoUsed(app.db, id);
    await publishPtoPeriods(app, userId);
    return { message: ptoUsedDeletedMessage };
  });
}
