import type { ProjectDetail } from '@switchboard/shared';
import type { ComponentType } from 'react';
import { CompletionPanel } from './completion-panel.tsx';
import { DatePanel } from './date-panel.tsx';
import { InvoicesPanel } from './invoices-panel.tsx';
import { ProcurementPanel } from './procurement-panel.tsx';
import { LaborEstimatePanel } from './labor-estimate-panel.tsx';
import { projectDayCardRules, ProjectDayPanel } from './project-day-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { ProductRequirementsPanel } from './product-requirements-panel.tsx';
import { laborQuoteApprovalCardRules, ProjectQuotesPanel } from './project-quotes-panel.tsx';
import { PlanningApprovalPanel } from './planning-approval-panel.tsx';
import { LaborQuoteApprovalPanel } from './labor-quote-approval-panel.tsx';
import type { StepCardRules, StepPanelProps } from './panel-types.ts';

// The panel inside each step's card, by project_order (spec 3 §2 Step panels); a step without one shows its card alone.
export const stepPanels: Partial<Record<number, ComponentType<StepPanelProps>>> = {
  0: PlanningApprovalPanel,
  1: DatePanel,
  2: LaborEstimatePanel,
  3: DatePanel,
  4: ProductRequirementsPanel,
  5: ProjectQuotesPanel,
  6: LaborQuoteApprovalPanel,
  7: InvoicesPanel,
  8: ProcurementPanel,
  9: SchedulePanel,
  10: ProjectDayPanel,
  11: CompletionPanel,
};

// What a step's panel says about its card (closing blocked, its own check-in off), by project_order.
export const stepCardRules: Partial<Record<number, (project: ProjectDetail) => StepCardRules>> = {
  6: laborQuoteApprovalCardRules,
  10: projectDayCardRules,
};
