import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Drawer,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hrCategoryKindLabels, type HrCategory } from '@switchboard/shared/hr/base';
import {
  HR_REQUEST_COUNT_CAP,
  hrRequestStatuses,
  hrRequestStatusLabels,
  type HrRequestRow,
  type HrRequestScope,
} from '@switchboard/shared/hr/requests';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useHrBase } from '../hr/api/hr-base.ts';
import { useBulkApprove, useHrRequestList, useLiveHrRequests, type BulkApproveAnswer } from './api/requests.ts';
import { RequestDrawer, statusColors } from './components/request-drawer.tsx';
import { RequestForm } from './components/request-form.tsx';
import { formatHours, listQueryOf, idParamOf } from './request-rules.ts';

// /hr/requests (designs/hr.md §2, §8): every employee files requests (category first, then the kind's form) and
// follows them; managers and HR approve under "To approve"; HR sees "All". Filters, page and the open request
// (?request={id}, the bell's target) live in the URL. HrRequestUpdated on the viewer's user.{id} refreshes it all.

/** Who sees every request (the server's rule for scope=all). */
export const allRequestsPermissions = ['view human resources', 'approve hr requests'];

const scopeLabels: Record<HrRequestScope, string> = { mine: 'Mine', approvals: 'To approve', all: 'All' };

export function HrRequestsPage() {
  const [params, setParams] = useSearchParams();
  const permissions = usePermissions();
  const seesAll = allRequestsPermissions.some((permission) => permissions.includes(permission));
  const query = useMemo(() => {
    const read = listQueryOf(params, 'mine');
    return read.scope === 'all' && !seesAll ? { ...read, scope: 'mine' as const } : read;
  }, [params, seesAll]);
  const list = useHrRequestList(query);
  useLiveHrRequests();
  const base = useHrBase();
  const employees = useEmployeeOptions();
  const openId = idParamOf(params);
  const creating = params.get('new') === '1';
  const forUserId = idParamOf(params, 'for');
  // ?date=YYYY-MM-DD: a calendar day clicked; the form starts on it.
  const initialDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);

  const update = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes) && !('request' in changes) && !('new' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const rows = list.data?.data ?? [];
  const approving = query.scope === 'approvals';
  const selectable = rows.filter((row) => row.status === 'pending');
  const chosen = selectable.filter((row) => selected.has(row.id));
  const toggle = (id: number, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns = 7 + (approving ? 1 : 0) + (query.scope === 'mine' ? 0 : 1);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>HR Requests</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => update({ new: 1, request: undefined })}>
          New request
        </Button>
      </Group>
      <Tabs
        value={query.scope}
        onChange={(scope) => {
          setSelected(new Set());
          update({ scope: scope === 'mine' ? undefined : scope, user_id: undefined });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="mine">{scopeLabels.mine}</Tabs.Tab>
          <Tabs.Tab value="approvals">{scopeLabels.approvals}</Tabs.Tab>
          {seesAll ? <Tabs.Tab value="all">{scopeLabels.all}</Tabs.Tab> : null}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          clearable
          w={160}
          data={hrRequestStatuses.map((status) => ({ value: status, label: hrRequestStatusLabels[status] }))}
          value={query.status ?? null}
          onChange={(value) => update({ status: value })}
        />
        <Select
          label="Category"
          clearable
          w={200}
          data={(base.data?.categories ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          value={query.category_id ? String(query.category_id) : null}
          onChange={(value) => update({ category_id: value })}
        />
        {query.scope === 'mine' ? null : (
          <Select
            label="Employee"
            clearable
            searchable
            w={220}
            data={(employees.data ?? []).map((entry) => ({ value: String(entry.user_id), label: entry.user.name }))}
            value={query.user_id ? String(query.user_id) : null}
            onChange={(value) => update({ user_id: value })}
          />
        )}
        <TextInput
          type="date"
          label="From"
          value={query.from ?? ''}
          onChange={(event) => update({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={query.to ?? ''}
          onChange={(event) => update({ to: event.currentTarget.value })}
        />
        {approving ? (
          <Button disabled={chosen.length === 0} onClick={() => setBulkOpen(true)} color="green">
            Approve selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? <Loader aria-label="Loading requests" /> : null}
      {list.isError ? <Alert color="red">An error occured.</Alert> : null}
      {list.data ? (
        <Table.ScrollContainer minWidth={860}>
          <Table aria-label="Requests" striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {approving ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select all pending requests"
                      checked={selectable.length > 0 && chosen.length === selectable.length}
                      indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                      onChange={(event) =>
                        setSelected(new Set(event.currentTarget.checked ? selectable.map((row) => row.id) : []))
                      }
                    />
                  </Table.Th>
                ) : null}
                <Table.Th>#</Table.Th>
                {query.scope === 'mine' ? null : <Table.Th>Employee</Table.Th>}
                <Table.Th>Category</Table.Th>
                <Table.Th>Request</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th ta="right">Hours</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Submitted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyTableRow colSpan={columns} message="No requests found" /> : null}
              {rows.map((row) => (
                <RequestRow
                  key={row.id}
                  row={row}
                  showRequester={query.scope !== 'mine'}
                  selection={
                    approving
                      ? { checked: selected.has(row.id), disabled: row.status !== 'pending', onChange: toggle }
                      : null
                  }
                  onOpen={() => update({ request: row.id, new: undefined })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {(list.data?.total ?? 0) >= HR_REQUEST_COUNT_CAP ? (
        <Text size="sm" c="dimmed">
          More than {HR_REQUEST_COUNT_CAP.toLocaleString('en-US')} requests match: narrow the filters to reach the rest.
        </Text>
      ) : null}
      {list.data ? (
        <Pagination
          meta={list.data}
          itemLabel="requests"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      ) : null}
      {creating ? (
        <NewRequestDrawer
          forUserId={forUserId}
          initialDate={initialDate}
          seesAll={seesAll}
          onClose={() => update({ new: undefined, for: undefined, date: undefined })}
          onSaved={(id) => update({ new: undefined, for: undefined, date: undefined, request: id })}
        />
      ) : null}
      {openId !== null && !creating ? (
        <RequestDrawer key={openId} id={openId} onClose={() => update({ request: undefined })} />
      ) : null}
      {bulkOpen ? (
        <BulkApproveModal
          rows={chosen}
          onClose={() => setBulkOpen(false)}
          onDone={(answer) => {
            const approved = answer.data.filter((entry) => entry.ok).map((entry) => entry.id);
            setSelected((previous) => new Set([...previous].filter((id) => !approved.includes(id))));
          }}
        />
      ) : null}
    </Stack>
  );
}

function RequestRow({
  row,
  showRequester,
  selection,
  onOpen,
}: {
  row: HrRequestRow;
  showRequester: boolean;
  selection: { checked: boolean; disabled: boolean; onChange: (id: number, on: boolean) => void } | null;
  onOpen: () => void;
}) {
  return (
    <Table.Tr data-request-id={row.id} style={{ cursor: 'pointer' }} onClick={onOpen}>
      {selection ? (
        <Table.Td onClick={(event) => event.stopPropagation()}>
          <Checkbox
            aria-label={`Select request #${row.id}`}
            checked={selection.checked}
            disabled={selection.disabled}
            onChange={(event) => selection.onChange(row.id, event.currentTarget.checked)}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          aria-label={`Open request #${row.id}`}
          c="blue"
        >
          #{row.id}
        </UnstyledButton>
      </Table.Td>
      {showRequester ? <Table.Td>{row.requester.name}</Table.Td> : null}
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={row.category.color} size={12} aria-hidden />
          <Text size="sm">{row.category.name}</Text>
        </Group>
      </Table.Td>
      <Table.Td>{row.summary}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.start_date
          ? `${row.start_date}${row.end_date && row.end_date !== row.start_date ? ` – ${row.end_date}` : ''}`
          : ''}
      </Table.Td>
      <Table.Td ta="right">{row.category.kind === 'time_off' ? formatHours(row.total_hours) : ''}</Table.Td>
      <Table.Td>
        <Badge color={statusColors[row.status]} data-column="status">
          {hrRequestStatusLabels[row.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RelativeTime value={row.created_at} size="sm" />
      </Table.Td>
    </Table.Tr>
  );
}

/** Category first (designs/hr.md §2.1), then the kind's form; a sent request opens in its drawer. */
function NewRequestDrawer({
  forUserId,
  initialDate,
  seesAll,
  onClose,
  onSaved,
}: {
  /** ?for={userId}: filing for that employee (the PTO view's way in; the server checks who may). */
  forUserId: number | null;
  initialDate: string | null;
  seesAll: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const base = useHrBase();
  const me = useCurrentUser();
  const employees = useEmployeeOptions();
  const [category, setCategory] = useState<HrCategory | null>(null);
  const [forWhom, setForWhom] = useState<number | null>(forUserId);
  const onBehalfOf = forWhom !== null && forWhom !== me?.id ? forWhom : null;
  const active = (base.data?.categories ?? [])
    .filter((entry) => entry.active)
    .sort((a, b) => a.sort_order - b.sort_order);
  return (
    <Drawer
      opened
      onClose={onClose}
      title={category ? `New request: ${category.name}` : 'New request'}
      position="right"
      size="xl"
    >
      {base.isPending ? <Loader aria-label="Loading categories" /> : null}
      {base.isError ? <Alert color="red">An error occured.</Alert> : null}
      {base.data && !category ? (
        <Stack gap="sm">
          {seesAll || forUserId !== null ? (
            <Select
              label="For"
              description="HR files and approves time off for anyone, a manager for their reports"
              searchable
              allowDeselect={false}
              data={(employees.data ?? []).map((entry) => ({
                value: String(entry.user_id),
                label: entry.user_id === me?.id ? `${entry.user.name} (me)` : entry.user.name,
              }))}
              value={String(forWhom ?? me?.id ?? '')}
              onChange={(value) => setForWhom(value ? Number(value) : null)}
            />
          ) : null}
          <Text size="sm" c="dimmed">
            What do you need?
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {active.map((entry) => (
              <Button
                key={entry.id}
                variant="default"
                h="auto"
                py="sm"
                justify="flex-start"
                leftSection={<ColorSwatch color={entry.color} size={14} aria-hidden />}
                onClick={() => setCategory(entry)}
                aria-label={entry.name}
              >
                <Stack gap={0} align="flex-start">
                  <Text fw={600}>{entry.name}</Text>
                  <Text size="xs" c="dimmed">
                    {hrCategoryKindLabels[entry.kind]}
                  </Text>
                </Stack>
              </Button>
            ))}
          </SimpleGrid>
          {active.length === 0 ? <Text>No request categories are open. Ask HR.</Text> : null}
        </Stack>
      ) : null}
      {category ? (
        <Stack gap="sm">
          <Group>
            <Button variant="subtle" size="xs" onClick={() => setCategory(null)}>
              Choose another category
            </Button>
          </Group>
          {onBehalfOf !== null ? (
            <Text size="sm">
              For{' '}
              <Text span fw={600}>
                {employees.data?.find((entry) => entry.user_id === onBehalfOf)?.user.name ?? `employee #${onBehalfOf}`}
              </Text>
            </Text>
          ) : null}
          <RequestForm
            category={category}
            onBehalfOf={onBehalfOf}
            initialDate={initialDate}
            onSaved={(saved) => onSaved(saved.id)}
            onCancel={onClose}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}

function BulkApproveModal({
  rows,
  onClose,
  onDone,
}: {
  rows: HrRequestRow[];
  onClose: () => void;
  onDone: (answer: BulkApproveAnswer) => void;
}) {
  const bulk = useBulkApprove();
  const [comment, setComment] = useState('');
  const [despite, setDespite] = useState(false);
  const [answer, setAnswer] = useState<BulkApproveAnswer | null>(null);
  const failures = answer?.data.filter((entry) => !entry.ok) ?? [];
  const submit = () =>
    bulk.mutate(
      {
        requests: rows.map((row) => ({ id: row.id, version: row.version })),
        comment,
        approve_despite_negative: despite,
      },
      {
        onSuccess: (result) => {
          onDone(result);
          notifications.show({
            color: result.data.every((entry) => entry.ok) ? 'green' : 'yellow',
            message: result.message,
          });
          if (result.data.every((entry) => entry.ok)) onClose();
          else setAnswer(result);
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Approve ${rows.length} request${rows.length === 1 ? '' : 's'}`}>
      <Stack gap="sm">
        <Text size="sm">{rows.map((row) => `#${row.id} ${row.requester.name}`).join(', ')}</Text>
        <Textarea
          label="Comment"
          autosize
          minRows={2}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Checkbox
          label="Approve despite negative balance"
          checked={despite}
          onChange={(event) => setDespite(event.currentTarget.checked)}
        />
        {failures.length > 0 ? (
          <Alert color="red" title="Not approved">
            {failures.map((entry) => (
              <Text key={entry.id} size="sm">
                #{entry.id}: {entry.message}
              </Text>
            ))}
          </Alert>
        ) : null}
        {bulk.error ? (
          <Alert color="red">{isApiError(bulk.error) ? bulk.error.message : 'An error occured.'}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button color="green" loading={bulk.isPending} onClick={submit} disabled={answer !== null}>
            Approve all
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
