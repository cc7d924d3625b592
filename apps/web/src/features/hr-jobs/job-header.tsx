import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { PresenceUser } from '@switchboard/shared';
import { hrJobStatusLabels, type HrJobRow } from '@switchboard/shared/hr/jobs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ViewerAvatars } from '../../components/viewer-avatars.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { AddApplicantDialog } from './add-applicant-dialog.tsx';
import { jobStatusColors } from './openings-list.tsx';

/** The head of a job's board and details: title, status, the switch between them, Edit and Add applicant. */
export function JobHeader({
  job,
  view,
  viewers = [],
}: {
  job: HrJobRow;
  view: 'board' | 'details';
  viewers?: PresenceUser[];
}) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const facts = [
    job.department?.name,
    job.region?.name,
    job.hiring_manager && `Hiring manager ${job.hiring_manager.name}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={2}>
        <Anchor component={Link} to="/hr/jobs" size="sm">
          Jobs
        </Anchor>
        <Group gap="sm">
          <Title order={2}>{job.title}</Title>
          <Badge color={jobStatusColors[job.status]} variant="light">
            {hrJobStatusLabels[job.status]}
          </Badge>
        </Group>
        {facts && (
          <Text size="sm" c="dimmed">
            {facts}
          </Text>
        )}
      </Stack>
      <Group gap="sm">
        {user && <ViewerAvatars viewers={viewers} userId={user.id} noun="board" />}
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(next) => void navigate(`/hr/jobs/${next}/${job.id}`)}
          data={[
            { value: 'board', label: 'Board' },
            { value: 'details', label: 'Details' },
          ]}
        />
        <Button variant="default" onClick={() => void navigate(`/hr/jobs/edit/${job.id}`)}>
          Edit
        </Button>
        <Button onClick={() => setAdding(true)}>Add applicant</Button>
      </Group>
      {adding && <AddApplicantDialog jobId={job.id} onClose={() => setAdding(false)} />}
    </Group>
  );
}
