import { Alert, Badge, UnstyledButton } from '@mantine/core';
import {
  planningWarningMessage,
  projectProgress,
  STEP_CLOSED,
  STEP_OPEN,
  type ProjectStepTicket,
} from '@switchboard/shared';
import { IconAlertTriangle, IconCircle, IconCircleCheck } from '@tabler/icons-react';

const progressList = { display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Spec 3 §2: the six stages, each complete when every step it names is closed. With onStage each stage is a button
 * that jumps to its step's card (issue 26 §2 item 11).
 */
export function ProjectProgress({ steps, onStage }: { steps: ProjectStepTicket[]; onStage?: (stage: number) => void }) {
  return (
    <ol aria-label="Project progress" style={progressList}>
      {projectProgress(steps).map((stage, index) => {
        const badge = (
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
            style={onStage ? { cursor: 'pointer' } : undefined}
          >
            {stage.label}
          </Badge>
        );
        return (
          <li key={stage.label} data-complete={stage.complete} style={{ flex: '1 1 0', minWidth: 120 }}>
            {onStage ? (
              <UnstyledButton
                onClick={() => onStage(index)}
                aria-label={`${stage.label}: ${stage.complete ? 'complete' : 'not complete'}, go to its step`}
                style={{ display: 'block', width: '100%', borderRadius: 4 }}
              >
                {badge}
              </UnstyledButton>
            ) : (
              badge
            )}
          </li>
        );
      })}
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
