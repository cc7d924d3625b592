import { employeeListResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { listEmployeeOptions } from './employees.service.ts';

/** Employee calls of spec 1 §7.2 and §7.6. */
export async function employeeRoutes(app: AppInstance): Promise<void> {
  // Staff only: the list names every employee, which client accounts have no business seeing.
  app.get(
    '/users/employee.list',
    { onRequest: requireEmployee(), schema: { response: { 200: employeeListResponseSchema } } },
    async () => ({ data: await listEmployeeOptions(app.db) }),
  );
}
