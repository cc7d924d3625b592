import {
  employeeHolidaysSchema,
  holidayDeletedMessage,
  holidaySavedMessage,
  holidaySchema,
  holidayStoreInputSchema,
  holidayUpdateInputSchema,
} from '@switchboard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { parsePathId } from '../../http/path-params.ts';
import { canReadEmployeePto, ptoManagePermission } from '../pto/pto-access.ts';
import { assertMayChangeAccount } from '../users/account-guard.ts';
import {
  deleteHoliday,
  findHoliday,
  getEmployeeHolidays,
  listCompanyHolidays,
  storeHoliday,
  updateHoliday,
} from './holidays.service.ts';

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw unprocessable(toFieldErrors(parsed.error.issues));
  return parsed.data;
}

const saved = z.object({ message: z.string(), data: holidaySchema });

/**
 * Holiday calls of spec 1 §7.6. Company holidays are public to staff; an employee's own holidays to them and to
 * HR; every change needs HR ('view human resources', as for PTO).
 */
export async function holidayRoutes(app: AppInstance): Promise<void> {
  const manage = [requireEmployee(), requirePermission(ptoManagePermission)];

  app.get(
    '/employee/holidays',
    { onRequest: requireEmployee(), schema: { response: { 200: z.object({ data: z.array(holidaySchema) }) } } },
    async () => ({
      data: await listCompanyHolidays(app.db),
    }),
  );

  app.get(
    '/employee/holidays/:employeeId',
    {
      onRequest: requireEmployee(),
      schema: {
        params: z.object({ employeeId: z.string() }),
        response: { 200: z.object({ data: employeeHolidaysSchema }) },
      },
    },
    async (request) => {
      const employeeId = parsePathId(request.params.employeeId);
      if (!canReadEmployeePto(request.auth, employeeId)) throw forbidden();
      return { data: await getEmployeeHolidays(app.db, employeeId) };
    },
  );

  // An employee's own holidays are their time off: nobody but an administrator changes an administrator's.
  const assertMayChangeOwner = async (request: FastifyRequest, userId: number | null) => {
    if (userId !== null) await assertMayChangeAccount(app.db, request.auth, userId, 'time_off');
  };

  app.post('/employee/holiday/store', { onRequest: manage, schema: { response: { 200: saved } } }, async (request) => {
    const input = parseBody(holidayStoreInputSchema, request.body);
    await assertMayChangeOwner(request, input.user_id);
    return { message: holidaySavedMessage, data: await storeHoliday(app.db, input, request.auth.user) };
  });

  putRoute(
    app,
    '/employee/holiday/update',
    { onRequest: manage, schema: { response: { 200: saved } } },
    async (request) => {
      const input = parseBody(holidayUpdateInputSchema, request.body);
      await assertMayChangeOwner(request, (await findHoliday(app.db, input.id)).user_id);
      return { message: holidaySavedMessage, data: await updateHoliday(app.db, input) };
    },
  );

  app.delete(
    '/employee/holiday/delete/:id',
    { onRequest: manage, schema: { params: z.object({ id: z.string() }) } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await assertMayChangeOwner(request, (await findHoliday(app.db, id)).user_id);
      await deleteHoliday(app.db, id);
      return { message: holidayDeletedMessage };
    },
  );
}
