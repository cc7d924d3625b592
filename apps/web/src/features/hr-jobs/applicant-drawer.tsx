import { Alert, Anchor, Badge, Button, Drawer, Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hrApplicantSourceLabels, type HrApplicantDetail } from '@switchboard/shared/hr/jobs';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useHrBase } from '../hr/api/hr-base.ts';
import { fetchHirePrefill, useApplicant, useDeleteApplicant, useJobChannel } from './api/jobs.ts';
import { ApplicantDetailsForm } from './applicant-details-form.tsx';
import { EmailComposer } from './applicant-email.tsx';
import { ApplicantFiles } from './applicant-files.tsx';
import { ApplicantInterviews } from './applicant-interviews.tsx';
import { ApplicantTimeline } from './applicant-timeline.tsx';
import { hireLink } from './hire-link.ts';
import { useMoveFlow, type MoveStep } from './move-flow.tsx';

// The applicant drawer at ?applicant={id} (designs/hr.md §5), over any /hr/jobs view (the bell opens it without a job):
// step, details, files, timeline with notes, e-mail, interviews with scorecards, Create employee once hired, Delete.

export function ApplicantDrawer({
  applicantId,
  interviewDate = null,
  onClose,
}: {
  applicantId: number;
  /** ?interview_date= (a day clicked on the HR calendar): the interview dialog opens on that date. */
  interviewDate?: string | null;
  onClose: () => void;
}) {
  const applicant = useApplicant(applicantId);
  const title = applicant.data ? applicant.data.name : 'Applicant';
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={title} aria-label={title}>
      {applicant.isPending && <Loader />}
      {applicant.isError && (
        <Alert color="red">
          {isApiError(applicant.error) && applicant.error.status === 404 ? 'Not found.' : 'An error occured.'}
        </Alert>
      )}
      {applicant.data && (
        <ApplicantBody
          key={applicant.data.id}
          applicant={applicant.data}
          interviewDate={interviewDate}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

function ApplicantBody({
  applicant,
  interviewDate,
  onClose,
}: {
  applicant: HrApplicantDetail;
  interviewDate: string | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const base = useHrBase();
  // Opened from the bell, no board is open: the drawer follows the job's channel itself.
  useJobChannel(applicant.access === 'manage' ? applicant.job.id : null);
  const steps: MoveStep[] = (base.data?.steps ?? []).filter((step) => step.active || step.id === applicant.step_id);
  const stepName = (id: number | null) => steps.find((step) => step.id === id)?.name ?? 'a removed step';
  const flow = useMoveFlow(applicant.job.id, applicant.job.title, steps);
  const remove = useDeleteApplicant(applicant.id);
  const [mailing, setMailing] = useState(false);
  const [hiring, setHiring] = useState(false);
  const manage = applicant.access === 'manage';

  const hire = async () => {
    setHiring(true);
    try {
      const answer = await fetchHirePrefill(applicant.id);
      void navigate(hireLink(answer.data));
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    } finally {
      setHiring(false);
    }
  };
  const drop = async () => {
    try {
      const answer = await remove.mutateAsync();
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Anchor component={Link} to={`/hr/jobs/board/${applicant.job.id}?applicant=${applicant.id}`} size="sm">
            {applicant.job.title}
          </Anchor>
          <Badge variant="light">{applicant.step.name}</Badge>
          {manage && <Badge variant="outline">{hrApplicantSourceLabels[applicant.source]}</Badge>}
          {applicant.tags.map((tag) => (
            <Badge key={tag} variant="dot" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
        {manage && (
          <Text size="sm" c="dimmed">
            {applicant.email}
            {applicant.phone ? ` · ${applicant.phone}` : ''}
          </Text>
        )}
        {applicant.known_warnings.map((warning) => (
          <Alert key={warning} color="yellow" py={6}>
            {warning}
          </Alert>
        ))}
        {applicant.step.kind === 'rejected' && applicant.rejection_reason && (
          <Text size="sm">Rejected: {applicant.rejection_reason}</Text>
        )}
      </Stack>
      {manage && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Step"
            w={220}
            allowDeselect={false}
            data={steps.map((step) => ({ value: String(step.id), label: step.name }))}
            value={String(applicant.step_id)}
            onChange={(value) => value && flow.request(applicant, Number(value), 0)}
          />
          <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setMailing(true)}>
            E-mail
          </Button>
          {applicant.step.kind === 'hired' &&
            (applicant.employee_user_id === null ? (
              <Button
                color="green"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                loading={hiring}
                onClick={() => void hire()}
              >
                Create employee
              </Button>
            ) : (
              <Anchor component={Link} to={`/hr/employees/edit/${applicant.employee_user_id}/account`}>
                Open employee
              </Anchor>
            ))}
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              confirmDelete({
                title: 'Delete applicant?',
                text: `${applicant.name}, their files and their timeline are erased at once.`,
                confirm: 'Yes, delete it!',
                onConfirm: () => void drop(),
              })
            }
          >
            Delete applicant
          </Button>
        </Group>
      )}
      <Tabs defaultValue={manage && !interviewDate ? 'details' : 'interviews'} keepMounted={false}>
        <Tabs.List>
          {manage && <Tabs.Tab value="details">Details</Tabs.Tab>}
          <Tabs.Tab value="files">Files ({applicant.files.length})</Tabs.Tab>
          {manage && <Tabs.Tab value="timeline">Timeline</Tabs.Tab>}
          <Tabs.Tab value="interviews">Interviews ({applicant.interviews.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="sm">
          <ApplicantDetailsForm applicant={applicant} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="sm">
          <ApplicantFiles applicant={applicant} />
        </Tabs.Panel>
        <Tabs.Panel value="timeline" pt="sm">
          <ApplicantTimeline applicant={applicant} stepName={stepName} />
        </Tabs.Panel>
        <Tabs.Panel value="interviews" pt="sm">
          <ApplicantInterviews applicant={applicant} initialDate={interviewDate} />
        </Tabs.Panel>
      </Tabs>
      {mailing && (
        <EmailComposer
          applicantId={applicant.id}
          to={`${applicant.name} <${applicant.email}>`}
          draft={{ subject: '', body: '', step_id: null }}
          title={`E-mail ${applicant.name}`}
          onClose={() => setMailing(false)}
        />
      )}
      {flow.dialogs}
    </Stack>
  );
}
