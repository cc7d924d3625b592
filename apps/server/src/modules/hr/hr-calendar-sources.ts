import type { CalendarItem } from '@switchboard/shared/calendar';
import type { HrCalendarKind, HrCalendarQuery } from '@switchboard/shared/hr/calendar';
import type { DbOrTransaction } from '../../db/client.ts';
import type { CalendarViewer } from './hr-calendar.service.ts';

// Time off (hr_requests / hr_request_days) and interviews (hr_interviews / hr_interviewers) on the HR calendar.
// Those tables are other parts of the HR issue; until their table files are committed there is nothing to read.
export async function listHrCalendarTimeOff(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
  kinds: ReadonlySet<HrCalendarKind>,
): Promise<CalendarItem[]> {
  void db;
  void query;
  void viewer;
  void kinds;
  return [];
}
