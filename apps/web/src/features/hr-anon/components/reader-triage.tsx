import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  anonCategories,
  anonCategoryLabels,
  anonMessages,
  anonStatuses,
  anonStatusLabels,
  type AnonCategory,
  type AnonReportDetail,
  type AnonStatus,
} from '@switchboard/shared/hr/anon';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  useAddAnonNote,
  useAnonChannel,
  useAnonReport,
  useAnonReports,
  useReplyToReporter,
  useUpdateAnonReport,
} from '../api/anon.ts';

// The readers' triage (designs/hr.md §4): released reports they may see, filtered by status and category, each opened
// in a drawer (?report={id}) with status, assignee, replies to the reporter, internal notes and the access log.
// Live on `hr_anon`.

const statusColors: Record<AnonStatus, string> = {
  new: 'blue',
  in_review: 'yellow',
  resolved: 'green',
  dismissed: 'gray',
};
const errorText = (error: unknown) => (isApiError(error) ? error.message : 'An error occured.');

export function ReaderTriage() {
  useAnonChannel(true);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  const [status, setStatus] = useState<AnonStatus | null>(null);
  const [category, setCategory] = useState<AnonCategory | null>(null);
  const reports = useAnonReports({
    page,
    per_page: perPage,
    status: status ?? undefined,
    category: category ?? undefined,
  });
  const openId = params.get('report');
  const openReport = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('report', id);
        else next.delete('report');
        return next;
      },
      { replace: id === null },
    );

  return (
    <Stack gap="md">
      <Group>
        <Select
          label="Status"
          placeholder="All"
          clearable
          data={anonStatuses.map((value) => ({ value, label: anonStatusLabels[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value as AnonStatus | null);
            setPage(1);
          }}
        />
        <Select
          label="Category"
          placeholder="All"
          clearable
          data={anonCategories.map((value) => ({ value, label: anonCategoryLabels[value] }))}
          value={category}
          onChange={(value) => {
            setCategory(value as AnonCategory | null);
            setPage(1);
          }}
        />
      </Group>
      {reports.isError ? <Alert color="red">{errorText(reports.error)}</Alert> : null}
      {reports.isPending ? <Loader /> : null}
      {reports.data ? (
        <>
          <Table striped highlightOnHover aria-label="Anonymous reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Acknowledge by</Table.Th>
                <Table.Th>Feedback by</Table.Th>
                <Table.Th>Assignee</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed">No reports.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {reports.data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => openReport(row.id)}>
                      {row.subject}
                    </Button>
                  </Table.Td>
                  <Table.Td>{anonCategoryLabels[row.category]}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColors[row.status]}>{anonStatusLabels[row.status]}</Badge>
                  </Table.Td>
                  <Table.Td>{row.received_on}</Table.Td>
                  <Table.Td>{row.acknowledge_by}</Table.Td>
                  <Table.Td>{row.feedback_by}</Table.Td>
                  <Table.Td>{row.assignee?.name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pagination
            meta={reports.data}
            onPageChange={setPage}
            onPerPageChange={(value) => {
              setPerPage(value);
              setPage(1);
            }}
            itemLabel="reports"
          />
        </>
      ) : null}
      <Drawer
        opened={openId !== null}
        onClose={() => openReport(null)}
        position="right"
        size="xl"
        title="Anonymous report"
      >
        {openId ? <ReportView id={openId} /> : null}
      </Drawer>
    </Stack>
  );
}

function ReportView({ id }: { id: string }) {
  const report = useAnonReport(id);
  if (report.isPending) return <Loader />;
  if (report.isError) {
    return (
      <Alert color="red">
        {isApiError(report.error) && report.error.status === 404 ? 'Not Found' : errorText(report.error)}
      </Alert>
    );
  }
  // Keyed by the report so that its fields start from what it holds.
  return <ReportDetail key={report.data.id} report={report.data} />;
}

function ReportDetail({ report }: { report: AnonReportDetail }) {
  const update = useUpdateAnonReport();
  const reply = useReplyToReporter();
  const note = useAddAnonNote();
  const [status, setStatus] = useState<AnonStatus>(report.status);
  const [assignee, setAssignee] = useState<string | null>(report.assignee ? String(report.assignee.id) : null);
  const [replyText, setReplyText] = useState('');
  const [noteText, setNoteText] = useState('');

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: report.id, input: { status, assignee_id: assignee === null ? null : Number(assignee) } },
      { onSuccess: (answer) => notifications.show({ message: answer.message }) },
    );
  };
  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate(
      { id: report.id, body: replyText },
      {
        onSuccess: (answer) => {
          setReplyText('');
          notifications.show({ message: answer.message });
        },
      },
    );
  };
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    note.mutate(
      { id: report.id, body: noteText },
      {
        onSuccess: (answer) => {
          setNoteText('');
          notifications.show({ message: answer.message });
        },
      },
    );
  };
  const fieldError = (error: unknown, field: string) => (isApiError(error) ? error.errors?.[field]?.[0] : undefined);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{report.subject}</Title>
        <Text size="sm" c="dimmed">
          {anonCategoryLabels[report.category]} · received {report.received_on} · released {report.released_on}
        </Text>
        <Text size="sm">
          Acknowledge by {report.acknowledge_by} · Feedback by {report.feedback_by}
        </Text>
      </Stack>
      <Paper withBorder p="sm">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{report.body}</Text>
        {report.contact ? (
          <Text size="sm" mt="sm">
            Contact: {report.contact}
          </Text>
        ) : null}
      </Paper>

      <Group component="form" onSubmit={save} align="flex-end">
        <Select
          label="Status"
          data={anonStatuses.map((value) => ({ value, label: anonStatusLabels[value] }))}
          value={status}
          onChange={(value) => value && setStatus(value as AnonStatus)}
          allowDeselect={false}
        />
        <Select
          label="Assignee"
          placeholder="Nobody"
          clearable
          data={report.readers.map((reader) => ({ value: String(reader.id), label: reader.name }))}
          value={assignee}
          onChange={setAssignee}
          error={fieldError(update.error, 'assignee_id')}
        />
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </Group>
      {update.error && !fieldError(update.error, 'assignee_id') ? (
        <Alert color="red">{errorText(update.error)}</Alert>
      ) : null}

      <Title order={4}>Replies</Title>
      {report.messages.length === 0 ? <Text c="dimmed">No replies yet.</Text> : null}
      {report.messages.map((message) => (
        <Paper key={message.id} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {message.from_reporter ? 'Reporter' : (message.author?.name ?? 'HR')} · {message.created_on}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{message.body}</Text>
        </Paper>
      ))}
      {report.can_reply ? (
        <Stack component="form" onSubmit={sendReply} gap="xs">
          <Textarea
            label="Reply to the reporter"
            description="The reporter reads it with their code."
            autosize
            minRows={3}
            value={replyText}
            onChange={(event) => setReplyText(event.currentTarget.value)}
            error={fieldError(reply.error, 'body')}
          />
          <Group>
            <Button type="submit" loading={reply.isPending}>
              Send reply
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">{anonMessages.cannotBeAnswered}</Text>
      )}

      <Title order={4}>Internal notes</Title>
      {report.notes.map((entry) => (
        <Paper key={entry.id} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {entry.author?.name ?? 'Former reader'} · {new Date(entry.created_at).toLocaleString()}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.body}</Text>
        </Paper>
      ))}
      <Stack component="form" onSubmit={addNote} gap="xs">
        <Textarea
          label="Add a note"
          description="Readers only; never shown to the reporter."
          autosize
          minRows={2}
          value={noteText}
          onChange={(event) => setNoteText(event.currentTarget.value)}
          error={fieldError(note.error, 'body')}
        />
        <Group>
          <Button type="submit" variant="light" loading={note.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>

      <Title order={4}>Access log</Title>
      <Table aria-label="Access log">
        <Table.Tbody>
          {report.access_log.map((entry, index) => (
            <Table.Tr key={index}>
              <Table.Td>{entry.user?.name ?? 'Former reader'}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>{new Date(entry.at).toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
