import { ptoChannelEvents, ptoPeriodsChannel } from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { getEmployeePto, type CheckedInHoursSource } from './pto.service.ts';

// Who may read or manage PTO, and its realtime push: used by the PTO, holidays, employees and timeclock modules.

/** Who manages PTO (spec 1 §6 names no PTO permission): HR staff. An employee may read their own. */
export const ptoManagePermission = 'view human resources';

export function canReadEmployeePto(auth: AuthContext, employeeId: number): boolean {
  return (
    auth.user.type === 'Employee' && (auth.user.id === employeeId || auth.permissions.includes(ptoManagePermission))
  );
}

/**
 * Recomputes the employee's periods and pushes them on Pto_Periods_{employeeId} (the GET's shape). A caller that keeps
 * checked-in hours (HR's approvals) passes them, so an Hourly person's five years are not summed again.
 */
export async function publishPtoPeriods(
  app: AppInstance,
  employeeId: number,
  checkedIn?: CheckedInHoursSource,
): Promise<void> {
  try {
    const pto = await getEmployeePto(app.db, employeeId, new Date(), checkedIn);
    app.realtime.emitToChannel(ptoPeriodsChannel(employeeId), ptoChannelEvents[0], pto);
  } catch (error) {
    // The change is saved; a failed push only delays viewers until their next load.
    app.log.error({ err: error, employeeId }, 'PTO periods push failed');
  }
}
