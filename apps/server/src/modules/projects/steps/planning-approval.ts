import { approvalMessages, planningApprovalInputSchema, type PlanningApprovalInput } from '@switchboard/shared';
import { sendApprovalRequest } from '../approvals.service.ts';
import type { ProjectStepHandler } from '../project-types.ts';

// 'Planning Approval' (order 0, spec 3 §2, §7: to, message, ticket_id, project_id): mails each recipient its own link
// to approve the project's planning (decision 0046).
export const planningApprovalHandler: ProjectStepHandler<PlanningApprovalInput> = {
  schema: planningApprovalInputSchema,
  async run({ db, config, log, actor }, input) {
    if (!config) throw new Error('approval requests need the app config');
    const { projectId } = await sendApprovalRequest({ db, config, log }, 'planning', input, actor);
    return { projectId, message: approvalMessages.planningSent };
  },
  event: 'ApprovalsUpdated',
};
