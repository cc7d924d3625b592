import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hrJobsMessages } from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useMoveApplicant } from './api/jobs.ts';
import { EmailComposer, templateDraft, type EmailDraft } from './applicant-email.tsx';

// A move from the board or the drawer (designs/hr.md §5): Rejected asks the reason first; the move is shown at once
// and snaps back with the server's message when someone moved the card first (409); entering a step with a template
// opens the e-mail prefilled, to be sent or skipped.

export interface MoveStep {
  id: number;
  name: string;
  kind: 'active' | 'hired' | 'rejected';
  email_subject: string;
  email_body: string;
}

export interface MoveApplicant {
  id: number;
  first_name: string;
  name: string;
  email: string;
  step_id: number;
}

interface PendingMove {
  applicant: MoveApplicant;
  step: MoveStep;
  position: number;
}

export function useMoveFlow(
  jobId: number,
  jobTitle: string,
  steps: MoveStep[],
): {
  request: (applicant: MoveApplicant, stepId: number, position: number) => void;
  dialogs: ReactNode;
} {
  const move = useMoveApplicant(jobId);
  const [rejecting, setRejecting] = useState<PendingMove | null>(null);
  const [mail, setMail] = useState<{ applicant: MoveApplicant; draft: EmailDraft } | null>(null);

  const send = async ({ applicant, step, position }: PendingMove, rejectionReason?: string) => {
    try {
      await move.mutateAsync({
        applicantId: applicant.id,
        input: {
          step_id: step.id,
          position,
          expected_step_id: applicant.step_id,
          ...(rejectionReason === undefined ? {} : { rejection_reason: rejectionReason }),
        },
      });
      if (step.id !== applicant.step_id && step.email_subject !== '' && step.email_body !== '')
        setMail({ applicant, draft: templateDraft(step, applicant, jobTitle) });
    } catch (error) {
      const message = isApiError(error) && error.status === 409 ? hrJobsMessages.moveConflict : undefined;
      notifications.show({
        color: 'red',
        message: error instanceof Error && error.message ? error.message : (message ?? 'An error occured.'),
      });
    }
  };

  const request = (applicant: MoveApplicant, stepId: number, position: number) => {
    const step = steps.find((each) => each.id === stepId);
    if (!step) return;
    const pending = { applicant, step, position };
    if (step.kind === 'rejected' && step.id !== applicant.step_id) setRejecting(pending);
    else void send(pending);
  };

  const dialogs = (
    <>
      {rejecting && (
        <RejectDialog
          pending={rejecting}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) => {
            setRejecting(null);
            void send(rejecting, reason);
          }}
        />
      )}
      {mail && (
        <EmailComposer
          applicantId={mail.applicant.id}
          to={`${mail.applicant.name} <${mail.applicant.email}>`}
          draft={mail.draft}
          title={`E-mail ${mail.applicant.name}`}
          onClose={() => setMail(null)}
        />
      )}
    </>
  );
  return { request, dialogs };
}

function RejectDialog({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingMove;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') setError(hrJobsMessages.rejectionReasonRequired);
    else onConfirm(reason.trim());
  };
  const title = `Reject ${pending.applicant.name}`;
  return (
    <Modal opened onClose={onCancel} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color="red">
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
