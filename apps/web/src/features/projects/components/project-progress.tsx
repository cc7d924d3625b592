import { Alert, Badge } from '@mantine/core';
import {
  planningWarningMessage,
  projectProgress,
  STEP_CLOSED,
  STEP_OPEN,
  type ProjectStepTicket,
} from '@switchboard/shared';
import { IconAlertTriangle, IconCircle, IconCircleCheck } from '@tabler/icons-react';

const progressList = { display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 } as const;

/** Spec 3 §2: the six stages, each complete when every step it names is closed. */
export function ProjectProgress({ steps }: { steps: ProjectStepTicket[] }) {
  return (
    <ol aria-label="Project progress" style={progressList}>
      {projectProgress(steps).map((stage) => (
        <li key={stage.label} data-complete={stage.complete} style={{ flex: '1 1 0', minWidth: 120 }}>
          <Badge
            fullWidth
            size="lg"
            radius="sm"
            tt="none"
            color={stage.complete ? 'green' : 'gray'}
            variant={stage.complete ? 'filled' : 'light'}
            leftSection={
              stage.complete ? <IconCircleCheck size={16} aria-hidden /> : <IconCircle size={16} aria-hidden />
            }
            title={stage.complete ? 'Complete' : 'Not complete'}
          >
            {stage.label}
          </Badge>
        </li>
      ))}
    </ol>
  );
}

/**
 * Spec 3 §2: the planning warning while Planning Approval (step 0) is open; red once work went ahead anyway (a later
 * step was closed before planning was approved). It tells staff not to work yet (decision 0064): a client account
 * never sees it, and a project approved verbally needs no such warning.
 */
export function PlanningWarning({
  steps,
  staff,
  verballyApproved,
}: {
  steps: ProjectStepTicket[];
  staff: boolean;
  verballyApproved: boolean;
}) {
  if (!staff || verballyApproved) return null;
  const planning = steps.find((step) => step.project_order === 0);
  if (!planning || planning.status !== STEP_OPEN) return null;
  const workedAhead = steps.some((step) => step.project_order > 0 && step.status === STEP_CLOSED);
  return (
    <Alert
      color={workedAhead ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-severity={workedAhead ? 'red' : 'yellow'}
    >
      {planningWarningMessage}
    </Alert>
  );
}
