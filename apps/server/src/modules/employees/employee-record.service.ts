import type { EmployeeRecord } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { getEmployeeHolidays } from '../holidays/holidays.service.ts';
import { getEmployeePto } from '../pto/pto.service.ts';
import { canReadEmployeePto } from '../pto/pto-access.ts';
import { getEmployeeDetail } from './employee-profile.service.ts';

/**
 * GET /api/users/employee/{id}: the employee detail with spec 1 §3.10's PTO settings, periods and holidays, from the
 * same presenters as the PTO and holiday reads. Callers who may not read the employee's PTO get nulls there.
 */
export async function getEmployeeRecord(
  db: DbOrTransaction,
  userId: number,
  viewer: AuthContext,
): Promise<EmployeeRecord> {
  const detail = await getEmployeeDetail(db, userId);
  if (!canReadEmployeePto(viewer, userId)) {
    return { ...detail, user: { ...detail.user, pto_settings: null, pto_periods: null, holiday: null } };
  }
  const [pto, holidays] = await Promise.all([getEmployeePto(db, userId), getEmployeeHolidays(db, userId)]);
  const ptoParts = { pto_settings: pto.settings, pto_periods: pto.periods, holiday: holidays.individual };
  return { ...detail, user: { ...detail.user, ...ptoParts } };
}
