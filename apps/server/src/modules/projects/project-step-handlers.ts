import type { ProjectStepHandler } from './project-step.routes.ts';
import { completionVerificationHandler } from './steps/completion.ts';
import { laborEstimateImportHandler, saveLaborEstimateHandler } from './steps/labor-estimate.ts';
import { projectDayHandler } from './steps/project-day.ts';
import { scheduledPlaceholderHandler, schedulePendingHandler } from './steps/project-dates.ts';
import { scheduleProjectDateHandler } from './steps/schedule-slots.ts';

// Every variant of POST /api/project/project_step by its `step` name (spec 3 §7), one handler file each under steps/.
export const projectStepHandlers: Record<string, ProjectStepHandler> = {
  'Scheduled Placeholder': scheduledPlaceholderHandler,
  'Schedule Pending': schedulePendingHandler,
  // The step's own subject names the same variant.
  'Schedule Pending Projects': schedulePendingHandler,
  'Schedule Project Date': scheduleProjectDateHandler,
  'Completion Verification': completionVerificationHandler,
  'Labor Estimate': laborEstimateImportHandler,
  'Save Labor Estimate': saveLaborEstimateHandler,
  'Project Day': projectDayHandler,
};
