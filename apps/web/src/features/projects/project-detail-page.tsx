import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { projectChannel, projectChannelEvents, ticketChannel, type ProjectDetail } from '@switchboard/shared';
import { IconFlag } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useChannel, usePresence } from '../../lib/socket.ts';
import { ResponseForm } from '../../components/response-form.tsx';
import { ThreadCard } from '../../components/thread-card.tsx';
import { ViewerAvatars } from '../../components/viewer-avatars.tsx';
import { useProject, useRefreshProject } from './api/projects.ts';
import { ProjectCheckIns } from './components/project-check-ins.tsx';
import { ProjectInfoCard, ProjectInfoSummary } from './components/project-info-card.tsx';
import { PlanningWarning, ProjectProgress } from './components/project-progress.tsx';
import { projectFormState } from './components/project-fields.tsx';
import { stepCardRules, stepPanels } from './components/panels/index.tsx';
import { StepCard } from './components/step-card.tsx';

/**
 * Spec 3 §2 Project detail: /projects/{projectId}, live on project_{id} for staff and for the company's client accounts
 * (who hear only the panels they see: projectClientEvents).
 */
export function ProjectDetailPage() {
  const id = Number(useParams().projectId);
  const project = useProject(id);
  const me = useCurrentUser();
  const staff = me?.type === 'Employee';
  const refresh = useRefreshProject(id);

  // Every event names a part of the project to read again: each of the channel's events is followed, so a new one
  // (InvoicesUpdated was missed once) cannot be left out.
  useChannel(projectChannel(id), {
    ...Object.fromEntries(projectChannelEvents.map((event) => [event, refresh])),
    CheckInOut: (payload: { user?: { id: number; name: string }; direction?: string }) => {
      refresh();
      // Spec 3 §4: another user's check-in or check-out shows an info toast.
      if (payload.user && payload.user.id !== me?.id && (payload.direction === 'in' || payload.direction === 'out')) {
        const where = payload.direction === 'in' ? 'in to' : 'out of';
        notifications.show({ color: 'blue', message: `${payload.user.name} checked ${where} this project` });
      }
    },
  });

  if (project.isError && isApiError(project.error) && project.error.status === 404) return <NotFoundPage />;
  if (project.isPending) return <PageLoader label="Loading project" />;
  if (project.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The project could not be loaded.
      </Alert>
    );
  }
  return <ProjectView project={project.data} staff={staff} userId={me?.id ?? 0} />;
}

function ProjectView({ project, staff, userId }: { project: ProjectDetail; staff: boolean; userId: number }) {
  const steps = [...project.tickets].sort((a, b) => a.project_order - b.project_order);
  const viewers = usePresence(staff ? projectChannel(project.id) : null);
  const refresh = useRefreshProject(project.id);
  // The contact card's thread is the first step ticket's: replies that arrive by mail are pushed on its channel.
  const contact = steps.find((step) => step.project_order === 0);
  useChannel(contact ? ticketChannel(contact.id) : null, { ResponseSent: refresh });
  // A step ticket opened at /ticket/{id} lands here on its card (#step-{order}).
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const flags = project.flags.filter((flag) => flag.deleted_at === null);
  const openCheckIn = (ticketId: number) =>
    project.check_ins.some(
      // A labor step's check-in (Project Day) is that step's clock, not the step ticket's.
      (row) => row.ticket_id === ticketId && row.project_step_id === null && row.user_id === userId && !row.end_time,
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            #{project.id} {project.title}
          </Title>
          <Text c="dimmed">
            {staff ? (
              <Anchor component={Link} to={`/companies/${project.company_id}`}>
                {project.company.name}
              </Anchor>
            ) : (
              project.company.name
            )}
            {project.site ? ` · ${project.site.name}` : ''}
          </Text>
        </div>
        <ViewerAvatars viewers={viewers} userId={userId} noun="project" />
      </Group>
      <ProjectProgress steps={steps} />
      <PlanningWarning steps={steps} staff={staff} verballyApproved={project.verbally_approved === 1} />
      {/* The company's flags are instructions to staff, as on the ticket page. */}
      {staff && flags.length > 0 ? (
        <Alert color="red" variant="filled" icon={<IconFlag aria-hidden />} title="Company flags" role="note">
          <Stack gap={2} component="ul" m={0} pl="md" aria-label="Company flags">
            {flags.map((flag) => (
              <Text key={flag.id} size="sm" component="li">
                {flag.flag}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {staff ? (
        // A save elsewhere gives new saved values: the form starts again from them.
        <ProjectInfoCard key={JSON.stringify(projectFormState(project))} project={project} />
      ) : (
        <ProjectInfoSummary project={project} />
      )}
      {/* One step per row: each panel (estimate, schedule, invoices) needs the page's width. */}
      <Stack gap="md" role="list" aria-label="Project steps">
        {steps.map((step) => {
          const Panel = stepPanels[step.project_order];
          return (
            <div role="listitem" key={step.id}>
              <StepCard
                projectId={project.id}
                companyId={project.company_id}
                step={step}
                staff={staff}
                checkedIn={openCheckIn(step.id)}
                rules={stepCardRules[step.project_order]?.(project)}
              >
                {Panel ? <Panel project={project} step={step} staff={staff} /> : null}
              </StepCard>
            </div>
          );
        })}
      </Stack>
      {staff && contact ? (
        <ResponseForm
          target={{
            id: contact.id,
            company_id: project.company_id,
            client_id: project.client_user_id,
            subject: project.title,
          }}
          disabled={false}
          onSent={refresh}
        />
      ) : null}
      <ThreadCard threads={project.threads} />
      {staff ? (
        <ProjectCheckIns checkIns={project.check_ins} projectId={project.id} companyId={project.company_id} />
      ) : null}
    </Stack>
  );
}
