import { Alert, Anchor, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { hrInterviewKindLabels, type HrInterview } from '@switchboard/shared/hr/jobs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useMyInterviews } from './api/jobs.ts';

// /hr/jobs for an interviewer without 'manage jobs' (designs/hr.md §5): the interviews they are on, from a month back,
// each opening its applicant's limited drawer (name, resume, scorecards), as the Interview notification does.

const when = (interview: HrInterview) => {
  const starts = new Date(interview.starts_at);
  const ends = new Date(interview.ends_at);
  const day = starts.toLocaleDateString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
  const time = (date: Date) => date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day}, ${time(starts)}-${time(ends)}`;
};

export function MyInterviews() {
  const me = useCurrentUser();
  const from = useMemo(() => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), []);
  const interviews = useMyInterviews(from);
  const rows = [...(interviews.data ?? [])].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return (
    <Stack gap="md">
      <Title order={2}>My interviews</Title>
      <Text size="sm" c="dimmed">
        The interviews you are on. Open an applicant to read their resume and file your scorecard.
      </Text>
      {interviews.isError ? <Alert color="red">An error occured.</Alert> : null}
      {interviews.isPending ? <Loader aria-label="Loading interviews" /> : null}
      {interviews.data ? (
        <Table striped aria-label="My interviews">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Applicant</Table.Th>
              <Table.Th>Opening</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Place or link</Table.Th>
              <Table.Th>My scorecard</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? <EmptyTableRow colSpan={6} message="You have no interviews." /> : null}
            {rows.map((interview) => {
              const mine = interview.interviewers.find((person) => person.user_id === me?.id);
              return (
                <Table.Tr key={interview.id} data-interview-id={interview.id}>
                  <Table.Td>
                    {when(interview)}
                    {interview.status === 'cancelled' ? (
                      <Badge ml="xs" color="gray" size="sm">
                        Cancelled
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/hr/jobs?applicant=${interview.applicant.id}`}>
                      {interview.applicant.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{interview.applicant.job_title}</Table.Td>
                  <Table.Td>{hrInterviewKindLabels[interview.kind]}</Table.Td>
                  <Table.Td>{interview.location}</Table.Td>
                  <Table.Td>{mine?.submitted ? 'Filed' : 'To do'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
