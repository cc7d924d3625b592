import { MantineProvider } from '@mantine/core';
import { STEP_CLOSED, STEP_OPEN, type ProjectStepTicket } from '@switchboard/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanningWarning } from './project-progress.tsx';

// Decision 0064 (issue 26 §2 item 5): the planning warning tells staff not to work yet; clients never read it.
const warning =
  'Clients are required to approve planning for projects. Do not work on this project until planning has been approved.';
const step = (order: number, status: number): ProjectStepTicket => ({
  id: 100 + order,
  status,
  project_order: order,
  subject: `Step ${order}`,
  notes: { notes: '' },
  employee: null,
  updated_at: '2026-01-02T10:00:00.000Z',
  closed_by: null,
});
const steps = [step(0, STEP_OPEN), step(1, STEP_OPEN)];
const show = (props: { staff: boolean; verballyApproved: boolean; steps?: ProjectStepTicket[] }) =>
  render(
    <MantineProvider>
      <PlanningWarning steps={props.steps ?? steps} staff={props.staff} verballyApproved={props.verballyApproved} />
    </MantineProvider>,
  );

describe('planning warning (decision 0064)', () => {
  it('warns staff while planning approval is open', () => {
    show({ staff: true, verballyApproved: false });
    expect(screen.getByText(warning)).toBeTruthy();
  });

  it('never shows to a client account', () => {
    show({ staff: false, verballyApproved: false });
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('is not shown when the project was approved verbally', () => {
    show({ staff: true, verballyApproved: true });
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('is not shown once planning approval is closed', () => {
    show({ staff: true, verballyApproved: false, steps: [step(0, STEP_CLOSED)] });
    expect(screen.queryByText(warning)).toBeNull();
  });
});
