import type { ProjectDetail } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { listProjectInvoices } from '../billing/invoices.service.ts';
import { loadProcurements } from '../shipments/shipments.service.ts';
import { loadLaborSteps } from './steps/labor-estimate.ts';
import { loadProjectDates } from './steps/project-dates.ts';
import { loadScheduleSlots } from './steps/schedule-slots.ts';
import { loadProductRequirements } from './steps/product-requirements.ts';
import { loadApprovals } from './approvals.service.ts';

// The step panels' records as GET /api/project/{id} answers them (spec 3 §3 Project): one loader per panel, all read
// at once. A panel not built yet answers its empty list.

export type ProjectPanels = Pick<
  ProjectDetail,
  | 'invoices'
  | 'product_requirements'
  | 'quotes'
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
  // Started first so it runs beside the other loaders.
  const approvals = loadApprovals(db, projectId);
  const [projectDates, scheduleDates, invoices, laborSteps, requirements] = await Promise.all([
    loadProjectDates(db, projectId),
    loadScheduleSlots(db, projectId),
    listProjectInvoices(db, projectId, staff),
    loadLaborSteps(db, projectId),
    loadProductRequirements(db, projectId, staff),
  ]);
  return {
    invoices,
    ...requirements,
    ...(await approvals),
    procurements: await loadProcurements(db, projectId),
    schedule_dates: scheduleDates,
    labor_steps: laborSteps,
    ...projectDates,
  };
}
