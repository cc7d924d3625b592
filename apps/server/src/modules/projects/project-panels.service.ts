import type { ProjectDetail } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';

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
  _db: DbOrTransaction,
  _projectId: number,
  _staff: boolean,
): Promise<ProjectPanels> {
  return {
    invoices: [],
    product_requirements: [],
    planning_approvals: [],
    labor_approvals: [],
    procurements: [],
    schedule_dates: [],
    labor_steps: [],
    scheduled_placeholder: null,
    pending_project: null,
  };
}
