import { approvalMessages, laborApprovalInputSchema, type LaborApprovalInput } from '@switchboard/shared';
import { sendApprovalRequest } from '../approvals.service.ts';
import type { ProjectStepHandler } from '../project-types.ts';

// 'Labor Quote Approval' (order 6, spec 3 §2, §7: to, documents, message): mails each recipient its own link to
// approve the project's quotes named in documents (decision 0046).
export const laborQuoteApprovalHandler: ProjectStepHandler<LaborApprovalInput> = {
  schema: laborApprovalInputSchema,
  async run({ db, config, log, actor }, input) {
    if (!config) throw new Error('approval requests need the app config');
    const { projectId } = await sendApprovalRequest({ db, config, log }, 'labor', input, actor);
    return { projectId, message: approvalMessages.laborSent };
  },
  event: 'ApprovalsUpdated',
};
