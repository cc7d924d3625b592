import type { ProjectDetail } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { listProjectInvoices } from '../billing/invoices.service.ts';
import { loadLaborSteps } from './steps/labor-estimate.ts';
import { loadProjectDates } from './steps/project-dates.ts';
import { loadScheduleSlots } from './steps/schedule-slots.ts';

// The step panels' records as GET /api/project/{id} answers them (spec 3 §3 Project): one loader per panel, all read
// at once. A panel not built yet answers its empty list.

export type ProjectPanels = Pick<
  ProjectDetail,
  | 'invoices'
  | 'product_requirements'
  | 'planning_approvals'
  | 'labor_approvals'
  | 'procurements'
  | 'schedule_dates'
  | 'labor_steps'
  | 'scheduled_placeholder'
  | 'pending_project'
>;

export async function loadProjectPanels(
  db: DbOrTransaction,
  projectId: number,
  staff: boolean,
): Promise<ProjectPanels> {
  const [projectDates, scheduleDates, invoices, laborSteps] = await Promise.all([
    loadProjectDates(db, projectId),
    loadScheduleSlots(db, projectId),
    listProjectInvoices(db, projectId, staff),
    loadLaborSteps(db, projectId),
  ]);
  return {
    invoices,
    product_requirements: [],
    planning_approvals: [],
    labor_approvals: [],
    procurements: [],
    schedule_dates: scheduleDates,
    labor_steps: laborSteps,
    ...projectDates,
  };
}
