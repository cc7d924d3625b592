import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { STEP_CLOSED, type ProjectStepTicket } from '@switchboard/shared';
import { useState, type ReactNode } from 'react';

/**
 * Spec 3 §4: saving a step whose ticket status is 1 saves directly; otherwise the user is asked whether to also close
 * the step (Save or Save & Close). `request` starts a save; `dialog` is the question, to be rendered by the panel.
 */
export function useSaveAndClose(
  step: ProjectStepTicket,
  title: string,
  save: (close: boolean) => void,
  /** Checks the form first (showing its errors), so the question comes only for a form that can be sent. */
  valid: () => boolean = () => true,
): { request: () => void; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const answer = (close: boolean) => {
    setAsking(false);
    save(close);
  };
  const request = () => {
    if (!valid()) return;
    if (step.status === STEP_CLOSED) save(false);
    else setAsking(true);
  };
  const dialog = (
    <Modal opened={asking} onClose={() => setAsking(false)} title={title} centered>
      <Stack>
        <Text size="sm">Close the {step.subject} step as well?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            Save
          </Button>
          <Button onClick={() => answer(true)}>Save & Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request, dialog };
}
