import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hrApplicantEmailSchema } from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent } from 'react';
import { contractMessages, shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useSendEmail } from './api/jobs.ts';

// The applicant's e-mail (designs/hr.md §5): a step's template prefilled when a card enters that step, or a free one
// from the drawer. It is edited, then sent or skipped: a drag never mails by itself.

export interface EmailDraft {
  subject: string;
  body: string;
  step_id: number | null;
}

/**
 * A step's template with what the browser knows filled in ({first_name}, {job_title}); {company_name} is left for the
 * server, which fills every placeholder when it sends.
 */
export function templateDraft(
  step: { id: number; email_subject: string; email_body: string },
  applicant: { first_name: string },
  jobTitle: string,
): EmailDraft {
  const fill = (text: string) =>
    text.replaceAll('{first_name}', applicant.first_name).replaceAll('{job_title}', jobTitle);
  return { subject: fill(step.email_subject), body: fill(step.email_body), step_id: step.id };
}

export function EmailComposer({
  applicantId,
  to,
  draft,
  title,
  onClose,
}: {
  applicantId: number;
  /** The applicant's name and address, shown as the recipient. */
  to: string;
  draft: EmailDraft;
  title: string;
  onClose: () => void;
}) {
  const send = useSendEmail(applicantId);
  const [values, setValues] = useState(draft);
  const [local, setLocal] = useState<FieldMessages>({});
  const shown = shownMessages(local, send.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = hrApplicantEmailSchema.safeParse(values);
    setLocal(contractMessages(parsed) ?? {});
    if (!parsed.success) return;
    try {
      const answer = await send.mutateAsync(parsed.data);
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            To {to}
          </Text>
          <TextInput
            label="Subject"
            required
            value={values.subject}
            onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })}
            error={shown.subject?.[0]}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={6}
            value={values.body}
            onChange={(e) => setValues({ ...values, body: e.currentTarget.value })}
            error={shown.body?.[0]}
          />
          {send.error && (!isApiError(send.error) || !send.error.errors) ? (
            <Alert color="red">{send.error instanceof Error ? send.error.message : 'An error occured.'}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {draft.step_id === null ? 'Cancel' : 'Skip'}
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
