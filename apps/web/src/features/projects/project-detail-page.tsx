import { Alert, Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  currentStep,
  progressStages,
  projectChannel,
  projectChannelEvents,
  STEP_OPEN,
  ticketChannel,
  type CheckIn,
  type ProjectDetail,
  type ProjectStepTicket,
} from '@switchboard/shared';
import { IconFlag } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useChannel, usePresence } from '../../lib/socket.ts';
import { ResponseForm } from '../../components/response-form.tsx';
import { ThreadCard } from '../../components/thread-card.tsx';
import { ViewerAvatars } from '../../components/viewer-avatars.tsx';
import { projectKey, useProject, useRefreshProject } from './api/projects.ts';
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
  const queryClient = useQueryClient();

  // Every event names a part of the project to read again: each of the channel's events is followed, so a new one
  // (InvoicesUpdated was missed once) cannot be left out.
  useChannel(projectChannel(id), {
    ...Object.fromEntries(projectChannelEvents.map((event) => [event, refresh])),
    CheckInOut: (payload: { user?: { id: number; name: string }; direction?: string; check_ins?: CheckIn[] }) => {
      // An edit of check-in times carries the edited rows: the table shows them at once, then reads the project.
      const edited = payload.check_ins;
      if (payload.direction === 'update' && edited?.length)
        queryClient.setQueryData<ProjectDetail>(projectKey(id), (project) =>
          project
            ? {
                ...project,
                check_ins: project.check_ins.map((row) => edited.find((change) => change.id === row.id) ?? row),
              }
            : project,
        );
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
  const current = currentStep(steps);
  const [folding, setFolding] = useFolding(steps);
  const [jump, setJump] = useState<{ order: number; count: number } | null>(null);
  // A jump (the progress bar, a #step-{order} link) opens the card, then brings it to the top with focus on its title.
  const jumpTo = (order: number) => {
    setFolding(order, true);
    setJump((last) => ({ order, count: (last?.count ?? 0) + 1 }));
  };
  useEffect(() => {
    if (!jump) return;
    const card = document.getElementById(`step-${jump.order}`);
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector<HTMLElement>('[data-step-toggle]')?.focus({ preventScroll: true });
  }, [jump]);
  // A step ticket opened at /ticket/{id} lands here on its card (#step-{order}).
  const { hash } = useLocation();
  useEffect(() => {
    const order = /^#step-(\d+)$/.exec(hash)?.[1];
    if (order !== undefined) jumpTo(Number(order));
    else if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
    // jumpTo is remade each render; the hash alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      <ProjectProgress
        steps={steps}
        onStage={(stage) => {
          // The stage's first open step, or its first step once all are closed.
          const orders: readonly number[] = progressStages[stage]!.steps;
          const open = steps.find((step) => orders.includes(step.project_order) && step.status === STEP_OPEN);
          jumpTo(open?.project_order ?? orders[0]!);
        }}
      />
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
      {/* At wide screens the steps take the main column and the contact card, thread and check-ins sit beside them;
          below that, one column as before. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Stack gap="xs" role="list" aria-label="Project steps">
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
                    expanded={folding(step)}
                    onToggle={() => setFolding(step.project_order, !folding(step))}
                    current={current?.id === step.id}
                  >
                    {Panel ? <Panel project={project} step={step} staff={staff} /> : null}
                  </StepCard>
                </div>
              );
            })}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <Stack gap="md">
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
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Which step cards show their panel (issue 26 §2 item 11): an open step does, a closed one is folded to one line. A
 * reader's own choice holds for as long as the step keeps the status it had then; a status change (the step closed
 * here or by another viewer) folds or opens it again by the rule.
 */
function useFolding(steps: ProjectStepTicket[]) {
  const [chosen, setChosen] = useState<Record<number, { expanded: boolean; status: number }>>({});
  const expanded = (step: ProjectStepTicket) => {
    const choice = chosen[step.project_order];
    return choice && choice.status === step.status ? choice.expanded : step.status === STEP_OPEN;
  };
  const choose = (order: number, next: boolean) => {
    const step = steps.find((entry) => entry.project_order === order);
    if (step) setChosen((last) => ({ ...last, [order]: { expanded: next, status: step.status } }));
  };
  return [expanded, choose] as const;
}
