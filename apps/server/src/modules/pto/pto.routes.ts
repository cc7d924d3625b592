import {
  employeePtoSchema,
  ptoChannelEvents,
  ptoPeriodsChannel,
  ptoSettingDeletedMessage,
  ptoSettingInputSchema,
  ptoSettingSavedMessage,
  ptoSettingSchema,
  ptoUsedDeletedMessage,
  ptoUsedInputSchema,
  ptoUsedSavedMessage,
  ptoUsedSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { parsePathId } from '../clients/clients.service.ts';
import { createPtoSetting, deletePtoSetting, deletePtoUsed, getEmployeePto, recordPtoUsed, updatePtoSetting } from './pto.service.ts';

/** Who manages PTO (spec 1 §6 names no PTO permission): HR staff. An employee may read their own. */
export const ptoManagePermission = 'view human resources';

export function canReadEmployeePto(auth: AuthContext, employeeId: number): boolean {
  return auth.user.type === 'Employee' && (auth.user.id === employeeId || auth.permissions.includes(ptoManagePermission));
}

/** Recomputes the employee's periods and pushes them on Pto_Periods_{employeeId} (the GET's shape). */
export async function publishPtoPeriods(app: AppInstance, employeeId: number): Promise<void> {
  try {
    const pto = await getEmployeePto(app.db, employeeId);
    app.realtime.emitToChannel(ptoPeriodsChannel(employeeId), ptoChannelEvents[0], pto);
  } catch (error) {
    // The change is saved; a failed push only delays viewers until their next load.
    app.log.error({ err: error, employeeId }, 'PTO periods push failed');
  }
}

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

  app.get(
    '/users/employee/pto/:employeeId',
    { onRequest: requireEmployee(), schema: { params: z.object({ employeeId: z.string() }), response: { 200: z.object({ data: employeePtoSchema }) } } },
    async (request) => {
      const employeeId = parsePathId(request.params.employeeId);
      if (!canReadEmployeePto(request.auth, employeeId)) throw forbidden();
      return { data: await getEmployeePto(app.db, employeeId) };
    },
  );

  app.post('/users/employee/pto', { onRequest: manage, schema: { response: { 200: messageAnd(ptoSettingSchema) } } }, async (request) => {
    const setting = await createPtoSetting(app.db, parseBody(ptoSettingInputSchema, request.body), request.auth.user);
    await publishPtoPeriods(app, setting.user_id);
    return { message: ptoSettingSavedMessage, data: setting };
  });

  putRoute(app, '/users/employee/pto/:id', { onRequest: manage, schema: { params: idParams, response: { 200: messageAnd(ptoSettingSchema) } } }, async (request) => {
    const id = parsePathId(request.params.id);
    const setting = await updatePtoSetting(app.db, id, parseBody(ptoSettingInputSchema, request.body));
    await publishPtoPeriods(app, setting.user_id);
    return { message: ptoSettingSavedMessage, data: setting };
  });

  app.delete('/users/employee/pto/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const userId = await deletePtoSetting(app.db, parsePathId(request.params.id));
    await publishPtoPeriods(app, userId);
    return { message: ptoSettingDeletedMessage };
  });

  // Time off taken, recorded here until HR requests land (not in the spec; see the decision record).
  app.post('/users/employee/pto/used', { onRequest: manage, schema: { response: { 200: messageAnd(ptoUsedSchema) } } }, async (request) => {
    const used = await recordPtoUsed(app.db, parseBody(ptoUsedInputSchema, request.body), request.auth.user);
    await publishPtoPeriods(app, used.user_id);
    return { message: ptoUsedSavedMessage, data: used };
  });

  app.delete('/users/employee/pto/used/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const userId = await deletePtoUsed(app.db, parsePathId(request.params.id));
    await publishPtoPeriods(app, userId);
    return { message: ptoUsedDeletedMessage };
  });
}
