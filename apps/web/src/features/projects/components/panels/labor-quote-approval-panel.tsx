import { ApprovalsPanel } from './approvals-panel.tsx';
import type { StepPanelProps } from './panel-types.ts';

/** Spec 3 §2 Labor Quote Approval (order 6): approvals of the project's quotes and the request form (decision 0046). */
export function LaborQuoteApprovalPanel(props: StepPanelProps) {
  return <ApprovalsPanel {...props} kind="labor" />;
}
