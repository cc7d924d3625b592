import type { StepTicketRules } from '../tickets/ticket-steps.service.ts';
import { assertQuotesCompleted } from './steps/product-requirements.ts';
import { assertSubStepsClosed, laborStepForCheckIn } from './steps/project-day.ts';

/** The projects module's rules for its step tickets, handed to the tickets module (routes.ts, setStepStatus). */
export const stepTicketRules: StepTicketRules = {
  async assertStepMayClose(db, ticket) {
    // Spec 3 §4, §8: Project Day closes only when all its substeps (labor steps) are closed.
    await assertSubStepsClosed(db, ticket);
    // Spec 3 §2, §8: Labor Quote Approval closes only when all quotes are completed (decision 0047).
    await assertQuotesCompleted(db, ticket);
  },
  laborStepForCheckIn,
};
