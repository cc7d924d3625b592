import type { ProjectStepHandler } from './project-step.routes.ts';

// Every variant of POST /api/project/project_step by its `step` name (spec 3 §7), one handler file each under steps/.
export const projectStepHandlers: Record<string, ProjectStepHandler<never>> = {};
