import type { ProjectDetail, ProjectStepTicket } from '@switchboard/shared';

// The types every step panel and the registry (index.tsx) share, in a file of their own: the registry imports each
// panel, so a panel that took these types from the registry would tie the two together.

/** What every step panel gets: the project as answered, its step ticket, and whether the viewer is staff. */
export interface StepPanelProps {
  project: ProjectDetail;
  step: ProjectStepTicket;
  staff: boolean;
}

/** What a panel says about its card (spec 3 §2, §4): a message in place of the close control, a check-in reason. */
export interface StepCardRules {
  closeBlockedBy?: string | null;
  checkInDisabledReason?: string | null;
}
