import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatCompletion, hrFormSubmissionStatuses, type HrFormDetail } from '@switchboard/shared/hr/forms';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveCsv } from '../../../lib/download.ts';
import { fetchSubmissionsCsv, useHrForm, useRemindForm, useSubmissions } from '../api/forms.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { AssignmentBadge } from './sign-form.tsx';

// A form's completion for HR (designs/hr.md §3 Screens): who signed and who is outstanding, "Remind all
// outstanding", reassigning, and the CSV of answers. Each signed row opens its PDF.

type Status = (typeof hrFormSubmissionStatuses)[number];
const statusLabels: Record<Status, string> = { all: 'Everyone', outstanding: 'Outstanding', done: 'Signed' };

export function FormResults({ formId, onClose, onEdit }: { formId: number; onClose: () => void; onEdit: () => void }) {
  const form = useHrForm(formId);
  if (form.isPending) return <Loader />;
  if (form.isError) return <Alert color="red">An error occured.</Alert>;
  return <Results detail={form.data} onClose={onClose} onEdit={onEdit} />;
}

function Results({ detail, onClose, onEdit }: { detail: HrFormDetail; onClose: () => void; onEdit: () => void }) {
  const [status, setStatus] = useState<Status>('outstanding');
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const rows = useSubmissions(detail.id, status, page);
  const remind = useRemindForm();
  // The completion figure from the totals of two one-row pages: signed of assigned.
  const assigned = useSubmissions(detail.id, 'all', 1, 1).data?.total;
  const completed = useSubmissions(detail.id, 'done', 1, 1).data?.total;

  const remindAll = async () => {
    try {
      const answer = await remind.mutateAsync(detail.id);
      notifications.show({ message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'An error occured.' });
    }
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const text = await fetchSubmissionsCsv(detail.id, 'all');
      saveCsv(text, `${detail.title.replace(/[^a-z0-9]+/gi, '-')}-answers.csv`);
    } catch (error) {
      notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'An error occured.' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={3}>{detail.title}</Title>
          <Text size="sm" c="dimmed">
            {detail.current_version ? `Version ${detail.current_version.version}` : 'Not published'}
            {detail.due_days ? `, due ${detail.due_days} days after assignment` : ''}
            {detail.renew_months ? `, renewed every ${detail.renew_months} months` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Back to forms
          </Button>
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="light" onClick={() => setAssigning(true)} disabled={!detail.current_version}>
            Assign
          </Button>
          <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>
            CSV of answers
          </Button>
          <Button loading={remind.isPending} onClick={() => void remindAll()}>
            Remind all outstanding
          </Button>
        </Group>
      </Group>
      {assigned !== undefined && completed !== undefined && (
        <Paper withBorder p="md" radius="md" maw={360}>
          <Text size="sm" c="dimmed">
            Completion
          </Text>
          <Text size="xl" fw={700} data-testid="completion">
            {formatCompletion(completed, assigned)}
          </Text>
        </Paper>
      )}
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(next) => {
          setStatus(next as Status);
          setPage(1);
        }}
        data={hrFormSubmissionStatuses.map((value) => ({ value, label: statusLabels[value] }))}
      />
      {rows.isPending ? (
        <Loader />
      ) : rows.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : (
        <>
          <Table verticalSpacing="xs" aria-label="Assignments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Signed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.data.length === 0 && <EmptyTableRow colSpan={6} message="Nobody here" />}
              {rows.data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.user.name}</Table.Td>
                  <Table.Td>{row.version}</Table.Td>
                  <Table.Td c={row.status === 'overdue' ? 'red' : undefined}>{row.due_on ?? ''}</Table.Td>
                  <Table.Td>
                    <AssignmentBadge assignment={row} />
                  </Table.Td>
                  <Table.Td>
                    {row.signed_at ? `${row.signed_name ?? ''}, ${new Date(row.signed_at).toLocaleString()}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {row.submission_id !== null && (
                      <Anchor component={Link} to={`/pdf/hr_form/${row.submission_id}`}>
                        PDF
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pagination meta={rows.data} onPageChange={setPage} itemLabel="assignments" />
        </>
      )}
      {assigning && <AssignDialog form={detail} onClose={() => setAssigning(false)} />}
    </Stack>
  );
}
