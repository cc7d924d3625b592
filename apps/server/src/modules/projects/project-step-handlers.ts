import type { ProjectStepHandler } from './project-types.ts';
import { completionVerificationHandler } from './steps/completion.ts';
import { laborEstimateImportHandler, saveLaborEstimateHandler } from './steps/labor-estimate.ts';
import { projectDayHandler } from './steps/project-day.ts';
import { scheduledPlaceholderHandler, schedulePendingHandler } from './steps/project-dates.ts';
import { scheduleProjectDateHandler } from './steps/schedule-slots.ts';
import { productRequirementsHandler } from './steps/product-requirements.ts';
import { procurementHandler } from './steps/procurement.ts';
import { planningApprovalHandler } from './steps/planning-approval.ts';
import { laborQuoteApprovalHandler } from './steps/labor-quote-approval.ts';

// Every variant of POST /api/project/project_step by its `step` name (spec 3 §7), one handler file each under steps/.
export const projectStepHandlers: Record<string, ProjectStepHandler> = {
  'Scheduled Placeholder': scheduledPlaceholderHandler,
  'Schedule Pending': schedulePendingHandler,
  // The step's own subject names the same variant.
  'Schedule Pending Projects': schedulePendingHandler,
  // Spec 3 §4 Save & Close: these panels' variants take `close` beside their fields (closesStep, decision 0061).
  'Schedule Project Date': { ...scheduleProjectDateHandler, closesStep: 9 },
  'Completion Verification': completionVerificationHandler,
  'Labor Estimate': laborEstimateImportHandler,
  'Save Labor Estimate': saveLaborEstimateHandler,
  'Project Day': projectDayHandler,
  'Product Requirements': { ...productRequirementsHandler, closesStep: 4 },
  Procurement: { ...procurementHandler, closesStep: 8 },
  'Planning Approval': planningApprovalHandler,
  'Labor Quote Approval': laborQuoteApprovalHandler,
};
