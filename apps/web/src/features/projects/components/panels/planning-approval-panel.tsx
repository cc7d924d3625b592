import { ApprovalsPanel } from './approvals-panel.tsx';
import type { StepPanelProps } from './panel-types.ts';

/** Spec 3 §2 Planning Approval (order 0): the project's planning approvals and the request form (decision 0046). */
export function PlanningApprovalPanel(props: StepPanelProps) {
  return <ApprovalsPanel {...props} kind="planning" />;
}
