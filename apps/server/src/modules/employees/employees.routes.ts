import { employeeIndexFiltersSchema, employeeIndexRowSchema, employeeListResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { listEmployeeIndex, listEmployeeOptions } from './employees.service.ts';

const employeeIndexQuerySchema = pageQuerySchema.extend(employeeIndexFiltersSchema.shape);

/** Employee calls of spec 1 §7.2 and §7.6. */
export async function employeeRoutes(app: AppInstance): Promise<void> {
  // Staff only: the list names every employee, which client accounts have no business seeing.
  app.get(
    '/users/employee.list',
    { onRequest: requireEmployee(), schema: { response: { 200: employeeListResponseSchema } } },
    async () => ({ data: await listEmployeeOptions(app.db) }),
  );

  // The employees index. Any employee may read it, as the /employees screen has no permission gate (spec 1 §2.5);
  // the route value only narrows the list (crm: the sales department), it grants nothing.
  app.get(
    '/users/employee',
    { onRequest: requireEmployee(), schema: { querystring: employeeIndexQuerySchema, response: { 200: pageSchema(employeeIndexRowSchema) } } },
    async (request) => listEmployeeIndex(app.db, request.query),
  );
}
